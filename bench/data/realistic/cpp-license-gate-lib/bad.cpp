// license_gate.cpp: unlocks the "pro" features of the editor when a valid licence key is entered.
// No main: the editor calls LicenseGate::unlock() from its settings dialog.
#include <algorithm>
#include <cctype>
#include <fstream>
#include <string>

class LicenseGate {
public:
    explicit LicenseGate(std::string keyFile) : keyFile_(std::move(keyFile)) {}

    bool unlock(const std::string &entered);
    bool unlocked() const { return unlocked_; }

private:
    static std::string normalise(const std::string &s);

    std::string keyFile_;
    bool unlocked_ = false;
};

// keys are shown to users in groups of four; they type them with or without dashes and in any case
std::string LicenseGate::normalise(const std::string &s)
{
    std::string out;
    for (char c : s) {
        if (std::isalnum(static_cast<unsigned char>(c)))
            out += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    return out;
}

bool LicenseGate::unlock(const std::string &entered)
{
    const std::string key = normalise(entered);
    if (key.size() != 16)
        return false;
    unlocked_ = key == "X7Q299LKZZ31PLM0"; /* FLAW: CWE-798 */
    return unlocked_;
}
