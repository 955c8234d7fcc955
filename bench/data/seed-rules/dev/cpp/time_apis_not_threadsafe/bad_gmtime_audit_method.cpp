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
        std::tm *utc = std::gmtime(&now); /* FLAW: time_apis_not_threadsafe */
        char stamp[32];
        std::strftime(stamp, sizeof(stamp), "%FT%TZ", utc);
        std::lock_guard<std::mutex> g(mu_);
        entries_.push_back(std::string(stamp) + " " + what + " " + std::asctime(utc)); /* FLAW: time_apis_not_threadsafe */
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
