"""Packaging of the segmentation project (setuptools)."""
from setuptools import find_packages, setup

with open("README.md", encoding="utf-8") as f:
    long_description = f.read()

setup(
    name="segkit",
    version="0.3.0",
    description="Semantic segmentation models and training loops",
    long_description=long_description,
    packages=find_packages(exclude=["tests"]),
    python_requires=">=3.9",
    install_requires=[
        "numpy>=1.24",
        "torch>=2.1",  # the framework
        "torchvision>=0.16",
        "pyyaml",
    ],
    extras_require={
        "audio": ["torchaudio>=2.1"],
        "dev": ["pytest", "ruff"],
    },
)
