#include <cstdlib>
#include <iostream>
#include <string>

class AppPaths {
public:
    AppPaths() : data_dir_(std::getenv("APP_DATA_DIR")) {} /* FLAW: getenv_unchecked */

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
