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
    u->quota += 10; /* FLAW: possible_null_deref */
    std::cout << u->name << " " << u->quota << "\n";
    return 0;
}
