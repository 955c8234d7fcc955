#include <cstdlib>
#include <iostream>
#include <string>

class AppPaths {
public:
    AppPaths()
    {
        const char *dir = std::getenv("APP_DATA_DIR");
        if (dir != nullptr && dir[0] == '/')
            data_dir_ = dir;
        else
            data_dir_ = "/var/lib/app";
    }

    std::string db_file() const { return data_dir_ + "/app.db"; }

private:
    std::string data_dir_;
};

int main()
{
    AppPaths p;
    std::cout << p.db_file() << "\n";
    return 0;
}
