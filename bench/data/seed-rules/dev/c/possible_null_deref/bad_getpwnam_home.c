#include <pwd.h>
#include <stdio.h>
#include <sys/types.h>

/* Return the home directory of a user name supplied by a client. */
const char *user_home(const char *user)
{
    struct passwd *pw = getpwnam(user);

    return pw->pw_dir; /* FLAW: possible_null_deref */
}

int user_uid(const char *user, uid_t *out)
{
    struct passwd *pw = getpwnam(user);
    *out = pw->pw_uid; /* FLAW: possible_null_deref */
    return 0;
}
