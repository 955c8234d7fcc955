#include <cstdlib>
#include <iostream>
#include <string>

class Backup {
public:
    explicit Backup(std::string dir) : dir_(std::move(dir)) {}

    int archive(const std::string &label) const
    {
        std::string cmd = "tar czf /var/backups/" + label + ".tgz " + dir_;
        return std::system(cmd.c_str()); /* FLAW: command_execution */
    }

private:
    std::string dir_;
};

int main()
{
    std::string label;
    if (!std::getline(std::cin, label))
        return 1;
    Backup b("/srv/data");
    return b.archive(label) == 0 ? 0 : 1;
}
