#include <ctime>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

class AuditLog {
public:
    void record(const std::string &what)
    {
        std::time_t now = std::time(nullptr);
        std::tm utc{};
        if (gmtime_r(&now, &utc) == nullptr)
            return;
        char stamp[32];
        std::strftime(stamp, sizeof(stamp), "%FT%TZ", &utc);
        std::lock_guard<std::mutex> g(mu_);
        entries_.push_back(std::string(stamp) + " " + what);
    }

private:
    std::mutex mu_;
    std::vector<std::string> entries_;
};

void record_parallel(AuditLog &log)
{
    std::thread a([&] { log.record("login"); });
    std::thread b([&] { log.record("logout"); });
    a.join();
    b.join();
}
