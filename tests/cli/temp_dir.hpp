#pragma once
/// \file temp_dir.hpp
/// \brief A temporary directory for one test of the command (tests/cli): files written
///        into it, read back, listed, and removed with it. Shared by the command's test programs.

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

#include <unistd.h>

namespace kb::test::cli {

struct TempDir {
    std::filesystem::path dir;
    TempDir() {
        static int counter = 0;
        dir = std::filesystem::temp_directory_path() / ("kb-cli-tests-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
        std::filesystem::create_directories(dir);
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(dir, ec);
    }
    std::string file(const std::string& name, const std::string& text) const {
        const std::filesystem::path p = dir / name;
        std::ofstream(p, std::ios::binary) << text;
        return p.string();
    }
    std::string path(const std::string& name) const { return (dir / name).string(); }
    // The file's content, or "(none)" if there is no such file.
    std::string read(const std::string& name) const {
        std::ifstream f(dir / name, std::ios::binary);
        if (!f) return "(none)";
        std::ostringstream s;
        s << f.rdbuf();
        return s.str();
    }
    // The names in the directory, sorted (temporary files included).
    std::vector<std::string> names() const {
        std::vector<std::string> n;
        for (const auto& e : std::filesystem::directory_iterator(dir)) n.push_back(e.path().filename().string());
        std::sort(n.begin(), n.end());
        return n;
    }
};


} // namespace kb::test::cli
