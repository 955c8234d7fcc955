// netcheck - report which of the given hosts answer a single ping.
// Used by the monitoring cron job; exit status is the number of hosts
// that did not answer (capped at 100).
//
// usage: netcheck HOST...

#include <fcntl.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

namespace {

const char *const kPing = "/bin/ping";

} // namespace

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::cerr << "usage: " << argv[0] << " HOST...\n";
        return 2;
    }

    std::vector<std::string> down;
    for (int i = 1; i < argc; ++i) {
        const std::string host = argv[i];
        if (host.empty())
            continue;
        // one echo request, two seconds to answer; ping runs without a shell
        int status = -1;
        pid_t pid = fork();
        if (pid == 0) {
            // ping's own output would clutter the report
            int devnull = open("/dev/null", O_WRONLY);
            if (devnull >= 0) {
                dup2(devnull, STDOUT_FILENO);
                dup2(devnull, STDERR_FILENO);
                if (devnull > STDERR_FILENO)
                    close(devnull);
            }
            execl(kPing, "ping", "-c", "1", "-W", "2", "-q", "--", host.c_str(),
                  static_cast<char *>(nullptr));
            _exit(127);
        }
        if (pid > 0) {
            while (waitpid(pid, &status, 0) < 0) {
                if (errno != EINTR) {
                    status = -1;
                    break;
                }
            }
        }
        bool up = status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
        std::cout << (up ? "up    " : "DOWN  ") << host << '\n';
        if (!up)
            down.push_back(host);
    }

    if (!down.empty())
        std::cerr << down.size() << " host(s) unreachable\n";
    return down.size() > 100 ? 100 : static_cast<int>(down.size());
}
