// reportd: serves saved reports to the intranet dashboard; a request line names the report
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace {

const std::string kReportDir = "/var/lib/reportd/reports/";

class ReportStore {
public:
    explicit ReportStore(std::string dir) : dir_(std::move(dir)) {}

    bool load(const std::string &name, std::string &out) const
    {
        std::ifstream in(dir_ + name); /* FLAW: CWE-22 */
        if (!in)
            return false;
        std::ostringstream ss;
        ss << in.rdbuf();
        out = ss.str();
        return true;
    }

private:
    std::string dir_;
};

void serve(int fd, const ReportStore &store)
{
    char buf[256];
    ssize_t n = recv(fd, buf, sizeof buf - 1, 0);
    if (n <= 0)
        return;
    buf[n] = '\0';
    std::string name(buf);
    name.erase(name.find_last_not_of("\r\n") + 1);
    std::string body;
    std::string reply = store.load(name, body) ? "200\n" + body : std::string("404\n");
    if (send(fd, reply.data(), reply.size(), 0) < 0)
        std::cerr << "reportd: send failed\n";
}

} // namespace

int main()
{
    ReportStore store(kReportDir);
    int s = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(8099);
    if (s < 0 || bind(s, reinterpret_cast<sockaddr *>(&a), sizeof a) != 0 || listen(s, 8) != 0)
        return 1;
    for (;;) {
        int c = accept(s, nullptr, nullptr);
        if (c < 0)
            break;
        serve(c, store);
        close(c);
    }
    return 0;
}
