#include <pthread.h>
#include <string.h>

#define SLOTS 32

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static char names[SLOTS][16];

int register_name(const char *name)
{
    pthread_mutex_lock(&table_lock);
    if (strlen(name) >= sizeof(names[0]))
        return -1; /* FLAW: deadlock_patterns */
    for (int i = 0; i < SLOTS; i++) {
        if (names[i][0] == '\0') {
            memcpy(names[i], name, strlen(name) + 1);
            pthread_mutex_unlock(&table_lock);
            return i;
        }
    }
    return -1; /* FLAW: deadlock_patterns */
}
