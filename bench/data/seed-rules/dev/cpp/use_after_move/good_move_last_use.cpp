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
        int port = conn->port;
        conns_.push_back(std::move(conn));
        return port;
    }

private:
    std::vector<std::unique_ptr<Connection>> conns_;
};
