// sessions: a small session table for a line protocol on stdin:
//   open ID USER      start a session
//   close ID          end it
//   who ID            print its user
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <string>

struct Session {
    std::string user;
    unsigned requests = 0;
};

class SessionTable {
public:
    bool open(const std::string &id, const std::string &user)
    {
        if (user.empty() || user.size() > 32 || table_.count(id))
            return false;
        auto s = std::make_unique<Session>();
        s->user = user;
        table_[id] = std::move(s);
        return true;
    }

    bool close(const std::string &id) { return table_.erase(id) > 0; }

    const Session *find(const std::string &id)
    {
        auto it = table_.find(id);
        if (it == table_.end())
            return nullptr;
        it->second->requests++;
        return it->second.get();
    }

private:
    std::map<std::string, std::unique_ptr<Session>> table_;
};

int main()
{
    SessionTable t;
    std::string line;
    while (std::getline(std::cin, line)) {
        std::istringstream in(line);
        std::string cmd, id, user;
        in >> cmd >> id >> user;
        if (cmd == "open") {
            std::cout << (t.open(id, user) ? "ok\n" : "refused\n");
        } else if (cmd == "close") {
            std::cout << (t.close(id) ? "closed\n" : "unknown\n");
        } else if (cmd == "who") {
            const Session *s = t.find(id);
            if (s)
                std::cout << s->user << " (" << s->requests << ")\n";
            else
                std::cout << "unknown\n";
        }
    }
    return 0;
}
