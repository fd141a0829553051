/* Loads the embedded operating system (the image itself is generated). */
#include "lc3_os.h"

void lc3_os_load(lc3_machine *m)
{
    lc3_load(m, lc3_os_origin, lc3_os_image, lc3_os_length);
}
