// sshaudit - ForceCommand wrapper for the deployment account.
//
// sshd runs this instead of the command the client asked for.  The
// wrapper records the user, the client address and the requested command
// in syslog and then runs the command if it is one of the allowed deploy
// tools in kToolDir.

#include <syslog.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

namespace {

const char *const kToolDir = "/opt/deploy/bin/";
const char *const kAllowed[] = { "deploy", "status", "rollback" };

class AuditLog {
public:
    explicit AuditLog(const char *ident) { openlog(ident, LOG_PID, LOG_AUTHPRIV); }
    ~AuditLog() { closelog(); }
    AuditLog(const AuditLog &) = delete;
    AuditLog &operator=(const AuditLog &) = delete;

    void record(int prio, const std::string &msg)
    {
        syslog(prio, msg.c_str()); /* FLAW: CWE-134 */
    }
};

std::string env_or(const char *name, const char *def)
{
    const char *v = std::getenv(name);
    return v != nullptr ? std::string(v) : std::string(def);
}

bool allowed(const std::string &cmd)
{
    for (const char *a : kAllowed) {
        if (cmd == a)
            return true;
    }
    return false;
}

} // namespace

int main()
{
    AuditLog log("sshaudit");
    const std::string user = env_or("USER", "?");
    const std::string from = env_or("SSH_CONNECTION", "local");
    const std::string cmd = env_or("SSH_ORIGINAL_COMMAND", "");

    log.record(LOG_INFO, "user=" + user + " from=" + from + " command=" + cmd);

    if (!allowed(cmd)) {
        log.record(LOG_WARNING, "rejected command for " + user + ": " + cmd);
        std::cerr << "only these commands are available: deploy status rollback\n";
        return 1;
    }

    const std::string path = std::string(kToolDir) + cmd;
    execl(path.c_str(), cmd.c_str(), static_cast<char *>(nullptr));
    log.record(LOG_ERR, "cannot run " + path);
    std::perror(path.c_str());
    return 127;
}
