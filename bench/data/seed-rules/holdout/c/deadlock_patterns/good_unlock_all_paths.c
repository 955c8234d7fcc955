#include <pthread.h>
#include <string.h>

#define SLOTS 32

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static char names[SLOTS][16];

int register_name(const char *name)
{
    size_t len = strlen(name);
    int slot = -1;

    if (len >= sizeof(names[0]))
        return -1;
    pthread_mutex_lock(&table_lock);
    for (int i = 0; i < SLOTS; i++) {
        if (names[i][0] == '\0') {
            memcpy(names[i], name, len + 1);
            slot = i;
            break;
        }
    }
    pthread_mutex_unlock(&table_lock);
    return slot;
}
