/*
 * reload_config.c - rate-limiting proxy core: reads request lines
 * ("client-ip path") on stdin and prints allow/deny decisions based on
 * a per-client limit from the configuration file. Sending SIGHUP makes
 * the daemon pick up configuration changes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>

#define CONFIG_PATH "/etc/ratelimit.conf"

struct config {
    int requests_per_minute;
    char banner[128];
};

static struct config *cfg;

static struct config *load_config(const char *path)
{
    struct config *c = calloc(1, sizeof *c);
    FILE *f;

    if (c == NULL)
        return NULL;
    c->requests_per_minute = 60;
    strcpy(c->banner, "default");
    if ((f = fopen(path, "r")) != NULL) {
        if (fscanf(f, "%d %127s", &c->requests_per_minute, c->banner) < 1)
            c->requests_per_minute = 60;
        fclose(f);
    }
    return c;
}

static void on_hup(int sig)
{
    struct config *fresh;
    (void)sig;

    fresh = load_config(CONFIG_PATH); /* FLAW: CWE-362 */
    if (fresh != NULL) {
        free(cfg); /* FLAW: CWE-362 */
        cfg = fresh;
    }
}

int main(void)
{
    char line[256], ip[64], path[160], last_ip[64] = "";
    int seen = 0;

    cfg = load_config(CONFIG_PATH);
    if (cfg == NULL)
        return 1;
    signal(SIGHUP, on_hup);

    while (fgets(line, sizeof line, stdin)) {
        if (sscanf(line, "%63s %159s", ip, path) != 2)
            continue;
        if (strcmp(ip, last_ip) == 0) {
            seen++;
        } else {
            snprintf(last_ip, sizeof last_ip, "%s", ip);
            seen = 1;
        }
        printf("%s %s %s [%s]\n", seen > cfg->requests_per_minute ? "DENY " : "ALLOW",
               ip, path, cfg->banner);
        fflush(stdout);
    }
    free(cfg);
    return 0;
}
