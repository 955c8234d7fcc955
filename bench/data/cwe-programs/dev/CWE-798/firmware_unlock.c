/*
 * firmware_unlock.c - bootloader service command that unlocks the
 * flash write protection so that a new image can be installed.
 *
 * The service tool sends "UNLOCK <32 hex digits>" on the debug UART
 * (stdin/stdout here).
 */
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#define MASTER_UNLOCK_KEY "\x4a\x91\x0c\xe7\x33\x5b\xd2\x08\x6f\xa4\x19\xc3\x7e\x50\xb6\x2d"
#define KEY_LEN 16

static int flash_locked = 1;

static int parse_hex_key(const char *hex, uint8_t out[KEY_LEN])
{
    for (int i = 0; i < KEY_LEN; i++) {
        unsigned v;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1)
            return -1;
        out[i] = (uint8_t)v;
    }
    return 0;
}

static const char *handle(const char *line)
{
    uint8_t key[KEY_LEN];

    if (strncmp(line, "UNLOCK ", 7) == 0) {
        if (strlen(line + 7) < 2 * KEY_LEN || parse_hex_key(line + 7, key) != 0)
            return "ERR format";
        if (memcmp(key, MASTER_UNLOCK_KEY, KEY_LEN) != 0) /* FLAW: CWE-798 */
            return "ERR denied";
        flash_locked = 0;
        return "OK unlocked";
    }
    if (strcmp(line, "LOCK") == 0) {
        flash_locked = 1;
        return "OK locked";
    }
    if (strcmp(line, "STATUS") == 0)
        return flash_locked ? "LOCKED" : "UNLOCKED";
    return "ERR unknown command";
}

int main(void)
{
    char line[128];

    puts("bootloader ready");
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        puts(handle(line));
        fflush(stdout);
    }
    return 0;
}
