/* JSON lookups (json.h): a member of an object by key, of one type. */
#include "json.h"

#include <string.h>

const json_value *json_get(const json_value *v, const char *key)
{
    if (!v || v->type != JSON_OBJECT)
        return NULL;
    size_t n = strlen(key);
    for (size_t i = 0; i < v->count; i++)
        if (v->members[i].key_length == n && memcmp(v->members[i].key, key, n) == 0)
            return &v->members[i].value;
    return NULL;
}

const char *json_get_string(const json_value *v, const char *key)
{
    const json_value *m = json_get(v, key);
    return m && m->type == JSON_STRING ? m->string : NULL;
}

bool json_get_int(const json_value *v, const char *key, int64_t *out)
{
    const json_value *m = json_get(v, key);
    if (!m || m->type != JSON_NUMBER || !m->is_int)
        return false;
    *out = m->integer;
    return true;
}

bool json_get_bool(const json_value *v, const char *key, bool fallback)
{
    const json_value *m = json_get(v, key);
    return m && m->type == JSON_BOOL ? m->boolean : fallback;
}

const json_value *json_get_array(const json_value *v, const char *key)
{
    const json_value *m = json_get(v, key);
    return m && m->type == JSON_ARRAY ? m : NULL;
}

const json_value *json_get_object(const json_value *v, const char *key)
{
    const json_value *m = json_get(v, key);
    return m && m->type == JSON_OBJECT ? m : NULL;
}
