#include <string.h>

enum level { LVL_DEBUG, LVL_INFO, LVL_WARN, LVL_ERROR };

size_t level_name_len(enum level lvl)
{
    const char *name;

    switch (lvl) {
    case LVL_DEBUG: name = "debug"; break;
    case LVL_INFO:  name = "info";  break;
    case LVL_WARN:  name = "warn";  break;
    default: break;
    }
    return strlen(name); /* FLAW: uninitialized_ptr_use */
}
