/* env_greeting: greet the user by name, using $USER or $LOGNAME and
 * falling back to the password database. */
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *user_name(void)
{
	const char *name = getenv("USER");
	struct passwd *pw;

	if (name && *name)
		return name;
	name = getenv("LOGNAME");
	if (name && *name)
		return name;
	pw = getpwuid(getuid());
	if (pw && pw->pw_name)
		return pw->pw_name;
	return NULL;
}

static const char *time_of_day(int hour)
{
	if (hour < 12)
		return "morning";
	if (hour < 18)
		return "afternoon";
	return "evening";
}

int main(int argc, char **argv)
{
	const char *name = user_name();
	int hour = 9;

	if (argc > 1) {
		hour = atoi(argv[1]);
		if (hour < 0 || hour > 23) {
			fprintf(stderr, "hour must be 0-23\n");
			return 1;
		}
	}
	if (!name) {
		printf("Hello, enjoy your %s!\n", time_of_day(hour));
		return 0;
	}
	printf("Hello %s, enjoy your %s! (%zu letters)\n", name, time_of_day(hour), strlen(name));
	return 0;
}
