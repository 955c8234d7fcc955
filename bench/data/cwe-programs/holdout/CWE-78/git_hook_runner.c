/*
 * git_hook_runner.c - post-receive helper for the deployment server.
 *
 * The git front end exports GIT_BRANCH for the pushed ref. For release
 * branches the helper checks the branch out into the staging tree and
 * runs the project's build script.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STAGING_DIR "/srv/staging/app"
#define RELEASE_PREFIX "release/"

#define LOG(...) do { fprintf(stderr, "[hook] " __VA_ARGS__); fputc('\n', stderr); } while (0)

static int is_release_branch(const char *b)
{
    return strncmp(b, RELEASE_PREFIX, strlen(RELEASE_PREFIX)) == 0;
}

static int deploy(const char *branch)
{
    char cmd[1024];
    int rc;

    rc = snprintf(cmd, sizeof cmd,
                  "cd " STAGING_DIR " && git fetch -q origin && "
                  "git checkout -q -f origin/%s && ./build.sh", branch);
    if (rc < 0 || (size_t)rc >= sizeof cmd) {
        LOG("branch name too long");
        return -1;
    }
    LOG("deploying %s", branch);
    rc = system(cmd); /* FLAW: CWE-78 */
    if (rc != 0) {
        LOG("deployment failed (status %d)", rc);
        return -1;
    }
    return 0;
}

int main(void)
{
    const char *branch = getenv("GIT_BRANCH");

    if (branch == NULL || *branch == '\0') {
        LOG("GIT_BRANCH not set, nothing to do");
        return 0;
    }
    if (!is_release_branch(branch)) {
        LOG("%s is not a release branch, skipping", branch);
        return 0;
    }
    return deploy(branch) == 0 ? 0 : 1;
}
