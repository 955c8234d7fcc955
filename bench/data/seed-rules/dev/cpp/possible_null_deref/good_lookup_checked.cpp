#include <iostream>
#include <map>
#include <string>

struct User {
    std::string name;
    int quota;
};

class Directory {
public:
    Directory() { users_["root"] = User{"root", 0}; }

    User *find(const std::string &name)
    {
        auto it = users_.find(name);
        return it == users_.end() ? nullptr : &it->second;
    }

private:
    std::map<std::string, User> users_;
};

int main(int argc, char **argv)
{
    Directory dir;
    User *u = dir.find(argc > 1 ? argv[1] : "guest");
    if (u == nullptr) {
        std::cerr << "no such user\n";
        return 1;
    }
    u->quota += 10;
    std::cout << u->name << " " << u->quota << "\n";
    return 0;
}
