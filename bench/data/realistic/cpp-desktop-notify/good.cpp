// buildnotify: watches a build log on stdin and pops up a desktop notification per failed target
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

struct Failure {
    std::string target;
    std::string reason;
};

bool parse_failure(const std::string &line, Failure &out)
{
    static const std::string tag = "FAILED: ";
    if (line.compare(0, tag.size(), tag) != 0)
        return false;
    std::string rest = line.substr(tag.size());
    std::string::size_type colon = rest.find(':');
    out.target = rest.substr(0, colon);
    out.reason = colon == std::string::npos ? "" : rest.substr(colon + 1);
    return !out.target.empty();
}

class Notifier {
public:
    explicit Notifier(std::string app) : app_(std::move(app)) {}

    int notify(const std::string &title, const std::string &body) const
    {
        // no shell: the title and body reach notify-send as single arguments, whatever they contain
        pid_t pid = fork();
        if (pid < 0)
            return -1;
        if (pid == 0) {
            const char *argv[] = {"notify-send", "-a", app_.c_str(), "--", title.c_str(), body.c_str(), nullptr};
            execvp(argv[0], const_cast<char *const *>(argv));
            _exit(127);
        }
        int status = 0;
        if (waitpid(pid, &status, 0) < 0)
            return -1;
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }

private:
    std::string app_;
};

} // namespace

int main()
{
    Notifier n("buildnotify");
    std::vector<Failure> failures;
    std::string line;

    while (std::getline(std::cin, line)) {
        Failure f;
        if (parse_failure(line, f))
            failures.push_back(f);
    }
    for (const Failure &f : failures) {
        if (n.notify("build failed: " + f.target, f.reason) != 0)
            std::cerr << "buildnotify: could not notify for " << f.target << '\n';
    }
    return failures.empty() ? 0 : 1;
}
