/*
 * mkprompt - print a shell prompt of the form  user@host:dir$
 *
 * Meant to be called from PS1 / PROMPT_COMMAND.  The directory is taken
 * from $PWD and abbreviated with "~" when it lies below $HOME.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PROMPT_MAX 256
#define HOST_MAX   64

/* Return the directory to show: PWD with a leading HOME replaced by "~". */
static const char *short_dir(const char *pwd, const char *home, char *tilde, size_t tsz)
{
	size_t hlen;
	int n;

	if (home == NULL || *home == '\0')
		return pwd;
	hlen = strlen(home);
	if (strncmp(pwd, home, hlen) != 0 || (pwd[hlen] != '\0' && pwd[hlen] != '/'))
		return pwd;
	n = snprintf(tilde, tsz, "~%s", pwd + hlen);
	if (n < 0 || (size_t)n >= tsz)
		return pwd;
	return tilde;
}

int main(void)
{
	char prompt[PROMPT_MAX];
	char host[HOST_MAX];
	char tilde[PROMPT_MAX];
	const char *user, *pwd, *dir;
	char mark;

	user = getenv("USER");
	if (user == NULL || *user == '\0')
		user = "?";
	pwd = getenv("PWD");
	if (pwd == NULL || *pwd == '\0')
		pwd = "?";

	if (gethostname(host, sizeof host) != 0)
		strcpy(host, "localhost");
	host[sizeof host - 1] = '\0';
	/* keep only the first component of a fully qualified name */
	host[strcspn(host, ".")] = '\0';

	mark = geteuid() == 0 ? '#' : '$';
	dir = short_dir(pwd, getenv("HOME"), tilde, sizeof tilde);

	/* an overlong prompt is simply cut off */
	if (snprintf(prompt, sizeof prompt, "%s@%s:%s%c ", user, host, dir, mark) < 0)
		return 1;
	fputs(prompt, stdout);
	return 0;
}
