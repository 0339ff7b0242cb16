/// \file kernel_spec.cpp
/// \brief Parsing of `--kernel SPEC` (kernel_spec.hpp).
#include "cli/kernel_spec.hpp"

#include <set>

namespace kb::cli {
namespace {

struct KernelInfo {
    const char* name;
    std::set<std::string> keys;
    const char* usage;
};

const std::vector<KernelInfo>& kernels() {
    static const std::vector<KernelInfo> list = {
        {"linear", {}, "linear                      k(x, y) = xᵀy"},
        {"polynomial", {"degree", "c"}, "polynomial:degree=D,c=C     k(x, y) = (c + xᵀy)^D   (D ≥ 1 integer, default 2; c ≥ 0, default 1)"},
        {"gaussian", {"gamma", "sigma", "zhu-sigma"},
         "gaussian:gamma=G            k(x, y) = exp(−γ‖x − y‖²)   (γ > 0; or sigma=S: γ = 1/(2σ²), scikit-learn's "
         "and the paper's convention; or zhu-sigma=S: γ = 1/σ², Zhu's)"},
        {"laplacian", {"gamma", "sigma"}, "laplacian:gamma=G           k(x, y) = exp(−γ‖x − y‖₁)   (γ > 0; or sigma=S: γ = 1/σ)"},
        {"min", {}, "min                         k(x, y) = ∏ᵢ min(xᵢ, yᵢ)   (coordinates ≥ 0)"},
        {"constant", {"a"}, "constant:a=A                k(x, y) = a   (a ≥ 0, default 1)"},
        {"cosine", {}, "cosine                      k(x, y) = xᵀy/(‖x‖‖y‖)   (PSD; every point ≠ 0)"},
        {"sigmoid", {"a", "c"},
         "sigmoid:a=A,c=C             k(x, y) = tanh(a·xᵀy + c)   (not PSD in general: certify shows a witness; a default 1, "
         "c default 0)"},
        {"histogram-intersection", {}, "histogram-intersection      k(x, y) = Σᵢ min(xᵢ, yᵢ)   (PSD on coordinates ≥ 0)"},
        {"additive-chi2", {},
         "additive-chi2               k(x, y) = Σᵢ 2xᵢyᵢ/(xᵢ + yᵢ)   (PSD on coordinates ≥ 0; the term is 0 where xᵢ = yᵢ = 0)"},
        {"k1", {"degree"}, "k1:degree=D                 k₁(x, z) = (xᵀz/q)^D   (chapter 8, eq. 28; D default 9, q = columns)"},
        {"k2", {"degree"}, "k2:degree=D                 k₂(x, z) = ((⟨2x−1, 2z−1⟩ + 1)/2)^D   (chapter 8, eq. 29; D default 9)"},
    };
    return list;
}

} // namespace

std::string KernelSpec::get(const std::string& key, const std::string& fallback) const {
    const auto it = params.find(key);
    return it == params.end() ? fallback : it->second;
}

std::string kernel_spec_help() {
    std::string s = "Kernels (--kernel SPEC):\n";
    for (const KernelInfo& k : kernels()) s += "  " + std::string(k.usage) + "\n";
    return s;
}

KernelSpec parse_kernel_spec(const std::string& text) {
    KernelSpec spec;
    spec.text = text;
    const std::size_t colon = text.find(':');
    spec.name = text.substr(0, colon);
    const KernelInfo* info = nullptr;
    for (const KernelInfo& k : kernels())
        if (spec.name == k.name) info = &k;
    if (!info) {
        std::string names;
        for (const KernelInfo& k : kernels()) names += (names.empty() ? "" : ", ") + std::string(k.name);
        throw usage_error(fmt::format("--kernel '{}': unknown kernel '{}'; the kernels are {} (see kernelbook kpca --help)",
                                      text, spec.name, names));
    }
    if (colon != std::string::npos) {
        const std::string rest = text.substr(colon + 1);
        if (rest.empty())
            throw usage_error(fmt::format("--kernel '{}': nothing after ':'; write {}", text, info->usage));
        std::size_t from = 0;
        for (;;) {
            const std::size_t comma = rest.find(',', from);
            const std::string item = rest.substr(from, comma == std::string::npos ? std::string::npos : comma - from);
            const std::size_t eq = item.find('=');
            if (eq == std::string::npos || eq == 0)
                throw usage_error(fmt::format("--kernel '{}': '{}' is not key=value; write {}", text, item, info->usage));
            const std::string key = item.substr(0, eq), value = item.substr(eq + 1);
            if (!info->keys.count(key)) {
                std::string keys;
                for (const std::string& k : info->keys) keys += (keys.empty() ? "" : ", ") + k;
                throw usage_error(fmt::format("--kernel '{}': the {} kernel has no parameter '{}'{}", text, spec.name, key,
                                              keys.empty() ? " (it takes none)" : "; its parameters are " + keys));
            }
            if (spec.params.count(key))
                throw usage_error(fmt::format("--kernel '{}': '{}' is given twice", text, key));
            if (!io::is_decimal_number(value))
                throw usage_error(fmt::format("--kernel '{}': {} = '{}' is not a decimal number", text, key, value));
            spec.params[key] = value;
            if (comma == std::string::npos) break;
            from = comma + 1;
        }
    }
    const int widths = static_cast<int>(spec.params.count("gamma") + spec.params.count("sigma") +
                                        spec.params.count("zhu-sigma"));
    if ((spec.name == "gaussian" || spec.name == "laplacian") && widths != 1)
        throw usage_error(fmt::format("--kernel '{}': the {} kernel needs exactly one width: {}", text, spec.name,
                                      widths == 0 ? std::string("write ") + info->usage
                                                  : std::string("gamma, sigma and zhu-sigma are alternatives")));
    return spec;
}

int integer_parameter(const KernelSpec& spec, const std::string& key, const std::string& fallback) {
    const std::string v = spec.get(key, fallback);
    int d = 0;
    bool ok = !v.empty() && v.size() <= 4;
    for (char c : v) ok = ok && c >= '0' && c <= '9';
    if (ok) d = std::stoi(v);
    if (!ok || d < 1 || d > 1000)
        throw usage_error(fmt::format("--kernel '{}': {} = '{}' must be an integer from 1 to 1000", spec.text, key, v));
    return d;
}

} // namespace kb::cli
