/* permission_flags: check which permissions each role has. The policy
 * file maps permission names to bit numbers ("perm NAME BIT") and roles
 * to masks ("role NAME HEXMASK"). Queries on stdin: "ROLE PERM". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PERMS 32
#define MAX_ROLES 32

struct perm { char name[32]; int bit; };
struct role { char name[32]; unsigned long mask; };

static struct perm perms[MAX_PERMS];
static struct role roles[MAX_ROLES];
static int nperms, nroles;

static int load_policy(const char *path)
{
    FILE *fp = fopen(path, "r");
    char line[128];

    if (!fp)
        return -1;
    while (fgets(line, sizeof line, fp)) {
        if (nperms < MAX_PERMS &&
            sscanf(line, "perm %31s %d", perms[nperms].name, &perms[nperms].bit) == 2)
            nperms++;
        else if (nroles < MAX_ROLES &&
                 sscanf(line, "role %31s %lx", roles[nroles].name, &roles[nroles].mask) == 2)
            nroles++;
    }
    fclose(fp);
    return 0;
}

static int role_has(const struct role *r, const struct perm *p)
{
    return (r->mask >> p->bit) & 1UL; /* FLAW: CWE-1335 */
}

int main(int argc, char **argv)
{
    char rname[32], pname[32];

    if (argc != 2 || load_policy(argv[1]) != 0) {
        fprintf(stderr, "usage: %s POLICY < queries\n", argv[0]);
        return 2;
    }
    while (scanf("%31s %31s", rname, pname) == 2) {
        const struct role *r = NULL;
        const struct perm *p = NULL;

        for (int i = 0; i < nroles; i++)
            if (strcmp(roles[i].name, rname) == 0)
                r = &roles[i];
        for (int i = 0; i < nperms; i++)
            if (strcmp(perms[i].name, pname) == 0)
                p = &perms[i];
        if (!r || !p) {
            printf("%s %s: unknown\n", rname, pname);
            continue;
        }
        printf("%s %s: %s\n", rname, pname, role_has(r, p) ? "allow" : "deny");
    }
    return 0;
}
