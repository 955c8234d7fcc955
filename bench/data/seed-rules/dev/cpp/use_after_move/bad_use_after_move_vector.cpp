#include <iostream>
#include <string>
#include <utility>
#include <vector>

class Batch {
public:
    void submit(std::vector<std::string> items)
    {
        pending_ = std::move(items);
        std::cout << "submitted " << items.size() << " items\n"; /* FLAW: use_after_move */
    }

private:
    std::vector<std::string> pending_;
};

int main()
{
    Batch b;
    std::vector<std::string> items{"a", "b", "c"};
    b.submit(std::move(items));
    std::cout << items.front() << "\n"; /* FLAW: use_after_move */
    return 0;
}
