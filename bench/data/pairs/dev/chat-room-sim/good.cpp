// chatroom - replay a chat room transcript from standard input and print
// what every member would see.  Used to test moderation rules offline.
//
// Commands, one per line:
//   join NAME         NAME enters the room
//   leave NAME        NAME leaves the room
//   say NAME TEXT     NAME posts TEXT
//   again TEXT        the last speaker posts TEXT once more
//   who               list the members

#include <algorithm>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

struct Member {
    std::string name;
    unsigned posts = 0;
    explicit Member(std::string n) : name(std::move(n)) {}
};

class Room {
public:
    Room() = default;
    Room(const Room &) = delete;
    Room &operator=(const Room &) = delete;

    ~Room()
    {
        for (Member *m : members_)
            delete m;
    }

    Member *find(const std::string &name) const
    {
        auto it = std::find_if(members_.begin(), members_.end(),
                               [&](const Member *m) { return m->name == name; });
        return it == members_.end() ? nullptr : *it;
    }

    void join(const std::string &name)
    {
        if (name.empty() || find(name) != nullptr) {
            std::cout << "! cannot join as '" << name << "'\n";
            return;
        }
        members_.push_back(new Member(name));
        std::cout << "* " << name << " joined\n";
    }

    void leave(const std::string &name)
    {
        auto it = std::find_if(members_.begin(), members_.end(),
                               [&](const Member *m) { return m->name == name; });
        if (it == members_.end())
            return;
        std::cout << "* " << name << " left after " << (*it)->posts << " posts\n";
        if (last_speaker_ == *it)
            last_speaker_ = nullptr;
        delete *it;
        members_.erase(it);
    }

    void say(Member *m, const std::string &text)
    {
        m->posts++;
        last_speaker_ = m;
        std::cout << '<' << m->name << "> " << text << '\n';
    }

    void again(const std::string &text)
    {
        if (last_speaker_ == nullptr) {
            std::cout << "! nobody has spoken yet\n";
            return;
        }
        say(last_speaker_, text);
    }

    void who() const
    {
        std::cout << "* " << members_.size() << " members:";
        for (const Member *m : members_)
            std::cout << ' ' << m->name;
        std::cout << '\n';
    }

private:
    std::vector<Member *> members_;
    Member *last_speaker_ = nullptr;
};

int main()
{
    Room room;
    std::string line;

    while (std::getline(std::cin, line)) {
        std::istringstream in(line);
        std::string cmd, name, text;
        in >> cmd;

        if (cmd == "join" && in >> name) {
            room.join(name);
        } else if (cmd == "leave" && in >> name) {
            room.leave(name);
        } else if (cmd == "say" && in >> name) {
            std::getline(in >> std::ws, text);
            Member *m = room.find(name);
            if (m == nullptr)
                std::cout << "! " << name << " is not in the room\n";
            else
                room.say(m, text);
        } else if (cmd == "again") {
            std::getline(in >> std::ws, text);
            room.again(text);
        } else if (cmd == "who") {
            room.who();
        } else if (!cmd.empty()) {
            std::cout << "! unknown command " << cmd << '\n';
        }
    }
    return 0;
}
