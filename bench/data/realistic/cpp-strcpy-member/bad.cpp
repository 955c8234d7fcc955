// device registry: keeps a fixed-size label for each device it is told about
#include <cstring>
#include <iostream>
#include <string>

class Device {
public:
    explicit Device(const std::string &label)
    {
        std::strcpy(label_, label.c_str()); /* FLAW: CWE-120 */
    }
    const char *label() const { return label_; }

private:
    char label_[16];
};

int main()
{
    std::string line;
    while (std::getline(std::cin, line)) {
        Device d(line);
        std::cout << "registered " << d.label() << '\n';
    }
    return 0;
}
