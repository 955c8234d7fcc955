#include <iostream>
#include <string>

struct Config {
    std::string name;
    int retries = 3;
};

int main(int argc, char **argv)
{
    Config *cfg = new Config;
    cfg->name = argc > 1 ? argv[1] : "default";
    int *counts = new int[8]();
    counts[0] = cfg->retries;
    std::cout << cfg->name << " " << counts[0] << "\n";
    delete[] cfg; /* FLAW: new_delete_mismatch */
    delete counts; /* FLAW: new_delete_mismatch */
    return 0;
}
