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
        char buf[INET_ADDRSTRLEN];
        if (inet_ntop(AF_INET, &p.sin_addr, buf, sizeof(buf)) == nullptr)
            return "?";
        return std::string(buf) + ":" + std::to_string(ntohs(p.sin_port));
    }

    std::mutex mu_;
    std::vector<std::string> lines_;
};
