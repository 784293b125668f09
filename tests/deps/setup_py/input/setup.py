from setuptools import find_packages, setup

EXTRAS = {
    "vision": ["torchvision>=0.15"],
    "gpu": "torch==2.1.0",
}

setup(
    name="classifier",
    packages=find_packages(),
    install_requires=[
        "numpy>=1.24",
        'torch>=2.0,<2.4',  # the framework
        f"torch=={VERSION}",
    ],
    extras_require=EXTRAS,
    description="uses torch",
    tests_require=["pytest"] + ["torch"],
)
