/*
 * cidr_match - firewall style address filter. Reads an allow list of
 * CIDR blocks from a file and reports, for each IPv4 address read from
 * stdin, whether it is allowed.
 */
#include <arpa/inet.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define MAX_RULES 256

struct rule {
    uint32_t net;
    uint32_t mask;
};

static struct rule rules[MAX_RULES];
static int nrules;

static int add_rule(const char *text)
{
    char addr[32];
    int prefix;
    struct in_addr in;
    uint32_t mask;

    if (sscanf(text, "%31[0-9.]/%d", addr, &prefix) != 2 || prefix < 0 || prefix > 32)
        return -1;
    if (inet_pton(AF_INET, addr, &in) != 1 || nrules == MAX_RULES)
        return -1;
    mask = 0xffffffffu << (32 - prefix); /* FLAW: CWE-1335 */
    rules[nrules].mask = mask;
    rules[nrules].net = ntohl(in.s_addr) & mask;
    nrules++;
    return 0;
}

static int allowed(uint32_t ip)
{
    for (int i = 0; i < nrules; i++)
        if ((ip & rules[i].mask) == rules[i].net)
            return 1;
    return 0;
}

int main(int argc, char **argv)
{
    char line[128];
    FILE *fp;

    if (argc != 2 || !(fp = fopen(argv[1], "r"))) {
        fprintf(stderr, "usage: %s ALLOWLIST < addresses\n", argv[0]);
        return 2;
    }
    while (fgets(line, sizeof line, fp)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        if (add_rule(line) != 0)
            fprintf(stderr, "ignoring rule: %s", line);
    }
    fclose(fp);

    while (fgets(line, sizeof line, stdin)) {
        struct in_addr in;

        line[strcspn(line, "\r\n")] = '\0';
        if (inet_pton(AF_INET, line, &in) != 1) {
            printf("%s: invalid\n", line);
            continue;
        }
        printf("%s: %s\n", line, allowed(ntohl(in.s_addr)) ? "allow" : "deny");
    }
    return 0;
}
