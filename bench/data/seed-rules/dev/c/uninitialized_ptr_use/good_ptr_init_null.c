#include <string.h>

enum level { LVL_DEBUG, LVL_INFO, LVL_WARN, LVL_ERROR };

size_t level_name_len(enum level lvl)
{
    const char *name = NULL;

    switch (lvl) {
    case LVL_DEBUG: name = "debug"; break;
    case LVL_INFO:  name = "info";  break;
    case LVL_WARN:  name = "warn";  break;
    case LVL_ERROR: name = "error"; break;
    }
    if (name == NULL)
        return 0;
    return strlen(name);
}
