from setuptools import find_packages, setup

EXTRAS = {
    "vision": ["torchvision>=0.15"],
    "gpu": "paddlepaddle==3.0.0",
}

setup(
    name="classifier",
    packages=find_packages(),
    install_requires=[
        "numpy>=1.24",
        'paddlepaddle>=3.0',  # the framework
        f"torch=={VERSION}",
    ],
    extras_require=EXTRAS,
    description="uses torch",
    tests_require=["pytest"] + ["paddlepaddle"],
)
