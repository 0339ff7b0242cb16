#pragma once
/// \file kernel_spec.hpp
/// \brief The `--kernel SPEC` argument of the `kernelbook` command: `name` or
///        `name:key=value,key=value`, parsed once and then built as a kernel over any scalar type.

#include "cli/errors.hpp"

#include "kernelbook/csv.hpp"
#include "kernelbook/kernels.hpp"

#include <map>
#include <string>
#include <vector>

namespace kb::cli {

/// \brief A parsed kernel specification: its canonical name and its parameters as written.
struct KernelSpec {
    std::string text;                          ///< the specification as given
    std::string name;                          ///< linear, polynomial, gaussian, laplacian, min, constant, cosine,
                                               ///< sigmoid, histogram-intersection, additive-chi2, k1, k2
    std::map<std::string, std::string> params; ///< key → value as written (a decimal number)

    /// \brief The parameter `key` as a decimal string, or `fallback` if it was not given.
    std::string get(const std::string& key, const std::string& fallback) const;
    /// \brief Whether the kernel's values are rational for rational points and parameters
    ///        (everything but the exponential kernels, the cosine and the sigmoid).
    bool rational_valued() const {
        return name != "gaussian" && name != "laplacian" && name != "cosine" && name != "sigmoid";
    }
};

/// \brief The list of kernels and their parameters, for `--help` and for messages.
std::string kernel_spec_help();

/// \brief Parses `--kernel SPEC`.
/// \throws kb::cli::usage_error naming what is wrong: an unknown kernel, an unknown or
///         repeated parameter, a value that is not a decimal number, a missing required one,
///         two ways of giving the width at once.
KernelSpec parse_kernel_spec(const std::string& text);

/// \brief The integer parameter `key` (a degree): an integer from 1 to 1000.
/// \throws kb::cli::usage_error otherwise.
int integer_parameter(const KernelSpec& spec, const std::string& key, const std::string& fallback);

/// \brief The kernel of `spec` over T for points of dimension q, and one sentence saying its
///        formula and the convention of its width parameter.
/// \throws kb::cli::usage_error if a parameter is out of range (e.g. γ ≤ 0: the kernel's own
///         check, turned into a usage error), or if T is kb::rational and the kernel's values
///         are irrational (the exponential kernels).
template <class T>
AnyKernel<T> make_kernel(const KernelSpec& spec, Eigen::Index q, std::string& description) {
    const auto value = [&](const std::string& key, const std::string& fallback) {
        return io::decimal_value<T>(spec.get(key, fallback));
    };
    try {
        if (spec.name == "linear") {
            description = "linear: k(x, y) = xᵀy";
            return LinearKernel<T>{};
        }
        if (spec.name == "polynomial") {
            PolynomialKernel<T> k(value("c", "1"), integer_parameter(spec, "degree", "2"));
            description = "polynomial: " + k.describe();
            return k;
        }
        if (spec.name == "min") {
            description = "min: k(x, y) = ∏ᵢ min(xᵢ, yᵢ), for points with coordinates ≥ 0";
            return MinKernel<T>{};
        }
        if (spec.name == "constant") {
            ConstantKernel<T> k(value("a", "1"));
            description = "constant: " + k.describe();
            return k;
        }
        if (spec.name == "histogram-intersection") {
            description = "histogram-intersection: k(x, y) = Σᵢ min(xᵢ, yᵢ), for points with coordinates ≥ 0 (PSD there)";
            return HistogramIntersectionKernel<T>{};
        }
        if (spec.name == "additive-chi2") {
            description = "additive-chi2: k(x, y) = Σᵢ 2xᵢyᵢ/(xᵢ + yᵢ), for points with coordinates ≥ 0 (PSD there; "
                          "the term is 0 where xᵢ = yᵢ = 0)";
            return AdditiveChiSquaredKernel<T>{};
        }
        if (spec.name == "k1" || spec.name == "k2") {
            const int degree = integer_parameter(spec, "degree", "9");
            require(q <= 1000000, "--kernel", "{} needs images of at most 10⁶ pixels", spec.name);
            if (spec.name == "k1") {
                PixelPolynomialKernel<T> k(static_cast<int>(q), degree);
                description = "k1 (Ghiasi-Shirazi & Qaraei, eq. 28): " + k.describe();
                return k;
            }
            SignedPixelPolynomialKernel<T> k(static_cast<int>(q), degree);
            description = "k2 (Ghiasi-Shirazi & Qaraei, eq. 29): " + k.describe();
            return k;
        }
        if constexpr (std::is_same_v<T, rational>) {
            throw usage_error(fmt::format("--kernel {}: the values of the {} kernel are irrational, so they have no "
                                          "exact rational value; use --precision 50 or 100 (certify uses interval "
                                          "arithmetic for it)",
                                          spec.text, spec.name));
        } else {
            if (spec.name == "gaussian") {
                GaussianKernel<T> k = spec.params.count("gamma")   ? GaussianKernel<T>(value("gamma", ""))
                                      : spec.params.count("sigma") ? GaussianKernel<T>::from_sigma(value("sigma", ""))
                                                                   : GaussianKernel<T>::from_zhu_sigma(value("zhu-sigma", ""));
                description = "gaussian: " + k.describe() +
                              (spec.params.count("gamma")   ? " (γ as given)"
                               : spec.params.count("sigma") ? " (γ = 1/(2σ²), σ = " + spec.get("sigma", "") + ")"
                                                            : " (γ = 1/σ², Zhu's convention, σ = " + spec.get("zhu-sigma", "") + ")");
                return k;
            }
            if (spec.name == "cosine") {
                description = "cosine: k(x, y) = xᵀy/(‖x‖‖y‖), for points ≠ 0 (PSD: the linear kernel of x/‖x‖)";
                return CosineKernel<T>{};
            }
            if (spec.name == "sigmoid") {
                SigmoidKernel<T> k(value("a", "1"), value("c", "0"));
                description = "sigmoid: " + k.describe();
                return k;
            }
            LaplacianKernel<T> k = spec.params.count("gamma") ? LaplacianKernel<T>(value("gamma", ""))
                                                              : LaplacianKernel<T>::from_sigma(value("sigma", ""));
            description = "laplacian: " + k.describe() +
                          (spec.params.count("gamma") ? " (γ as given)" : " (γ = 1/σ, σ = " + spec.get("sigma", "") + ")");
            return k;
        }
    } catch (const usage_error&) {
        throw;
    } catch (const error& e) {
        throw usage_error(fmt::format("--kernel {}: {}", spec.text, e.what()));
    }
}

} // namespace kb::cli
