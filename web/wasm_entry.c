/* The module's entry: the page calls the API (wasm_api.h) and nothing
 * runs at start. */
int main(void)
{
    return 0;
}
