#include <memory>
#include <string>
#include <vector>

struct Connection {
    std::string host;
    int port;
};

class Pool {
public:
    int add(std::unique_ptr<Connection> conn)
    {
        conns_.push_back(std::move(conn));
        return conn->port; /* FLAW: use_after_move */
    }

private:
    std::vector<std::unique_ptr<Connection>> conns_;
};
