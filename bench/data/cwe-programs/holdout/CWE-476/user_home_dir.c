/*
 * user_home_dir - for each user name on the command line, print the home
 * directory and login shell from the password database, and whether the
 * home directory is present on this machine.
 */
#include <pwd.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/types.h>

struct user_info {
	const char *name;
	const char *home;
	const char *shell;
	int home_exists;
};

static void lookup_user(const char *name, struct user_info *ui)
{
	struct passwd *pw = getpwnam(name);
	struct stat st;

	ui->name = name;
	ui->home = pw->pw_dir; /* FLAW: CWE-476 */
	ui->shell = pw->pw_shell;
	ui->home_exists = stat(ui->home, &st) == 0 && S_ISDIR(st.st_mode);
}

static void print_user(const struct user_info *ui)
{
	printf("%-12s %-28s %-16s %s\n", ui->name, ui->home, ui->shell,
	       ui->home_exists ? "" : "(home missing)");
}

int main(int argc, char **argv)
{
	struct user_info ui;
	int i;

	if (argc < 2) {
		fprintf(stderr, "usage: %s USER...\n", argv[0]);
		return 2;
	}
	printf("%-12s %-28s %-16s\n", "USER", "HOME", "SHELL");
	for (i = 1; i < argc; i++) {
		lookup_user(argv[i], &ui);
		print_user(&ui);
	}
	return 0;
}
