// A program outside the book, built against the installed kernelbook package: PCA of eight
// points of the plane in double and in kb::real50, whose leading eigenvalue is known in
// closed form. Exits non-zero when a value is wrong.
//
// The points ±(1,0), ±(0,1), ±(1,1), ±(2,0) have mean 0 and scatter matrix
//     XᵀX = [12 2; 2 4],  with eigenvalues λ = 8 ± √(4² + 2²) = 8 ± 2√5,
// so the first principal component carries λ₁ = 8 + 2√5 = 12.4721359549995793928183473374626
// and explains λ₁ / tr(XᵀX) = (8 + 2√5)/16 of the scatter.
#include <kernelbook/io.hpp>
#include <kernelbook/pca.hpp>

#include <cstdio>
#include <iomanip>
#include <limits>
#include <sstream>
#include <string>

namespace {

template <class T>
std::string digits(const T& x, int n) {
    std::ostringstream out;
    out << std::setprecision(n) << x;
    return out.str();
}

template <class T>
kb::Matrix<T> points() {
    kb::Matrix<T> A(8, 2);
    A << 1, 0, -1, 0, 0, 1, 0, -1, 1, 1, -1, -1, 2, 0, -2, 0;
    return A;
}

// λ₁ of the PCA in T against 8 + 2√5 computed in T, within 64 ulps of T.
template <class T>
bool leading_eigenvalue_is_right() {
    using std::abs;
    using std::sqrt;
    const kb::Pca<T> pca(points<T>());
    const T lambda = pca.eigenvalues()(0);
    const T exact = 8 + 2 * sqrt(T(5));
    const T error = abs(lambda - exact);
    const T bound = 64 * std::numeric_limits<T>::epsilon() * exact;
    const bool ok = error <= bound && pca.rank() == 2;
    std::printf("%-6s  lambda_1 = %s  (8 + 2*sqrt(5): error %s, bound %s) %s\n", kb::scalar_name<T>().c_str(),
                digits(lambda, std::numeric_limits<T>::digits10).c_str(), digits(error, 3).c_str(),
                digits(bound, 3).c_str(), ok ? "ok" : "WRONG");
    return ok;
}

// The data readers are compiled into the library and read gzip files with zlib: calling one
// checks that the package links zlib for its users. A missing file is an error with a message.
bool readers_link_and_refuse_a_missing_file() {
    try {
        kb::io::read_digits_csv("/nonexistent/kernelbook-consumer/digits.csv.gz");
    } catch (const kb::error&) {
        std::printf("reader  refuses a missing file: ok\n");
        return true;
    }
    std::printf("reader  read a file that does not exist: WRONG\n");
    return false;
}

} // namespace

int main() {
    bool ok = leading_eigenvalue_is_right<double>();
    ok = leading_eigenvalue_is_right<kb::real50>() && ok;
    ok = readers_link_and_refuse_a_missing_file() && ok;
    return ok ? 0 : 1;
}
