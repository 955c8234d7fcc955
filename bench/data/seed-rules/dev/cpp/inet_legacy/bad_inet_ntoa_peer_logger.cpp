#include <arpa/inet.h>
#include <netinet/in.h>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

class PeerLogger {
public:
    void log_peers(const std::vector<sockaddr_in> &peers)
    {
        std::vector<std::thread> workers;
        for (const auto &p : peers)
            workers.emplace_back([this, p] {
                std::string line = describe(p);
                std::lock_guard<std::mutex> g(mu_);
                lines_.push_back(line);
            });
        for (auto &w : workers)
            w.join();
    }

private:
    static std::string describe(const sockaddr_in &p)
    {
        return std::string(inet_ntoa(p.sin_addr)) + ":" + std::to_string(ntohs(p.sin_port)); /* FLAW: inet_legacy */
    }

    std::mutex mu_;
    std::vector<std::string> lines_;
};
