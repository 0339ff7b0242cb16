#include <kernelbook/kernelbook.hpp>  // the whole library (or only what you use: kernels.hpp, kernel_pca.hpp)
#include <iostream>

int main() {
    kb::Matrix<double> X(3, 2);      // three points of the plane, one per row (chapter 7, §7.2)
    X << 0, 1, 1, -2, 2, 1;
    // k(x, y) = xᵀy + ‖x‖²‖y‖², two components
    kb::KernelPca<double> kpca(kb::ParaboloidLiftKernel<double>{}, X, {.components = 2});
    std::cout << kpca.eigenvalues().transpose() << "\n\n" << kpca.scores() << '\n';
}
