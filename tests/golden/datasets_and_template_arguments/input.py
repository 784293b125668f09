import torch
import torchvision
from torchvision import datasets

root = "./data"
train = datasets.MNIST(root="./data/", train=True, download=True, transform=tf)
test = datasets.FashionMNIST(root, train=False)
c10 = torchvision.datasets.CIFAR10(root="/tmp", transform=tf)
c100 = torchvision.datasets.CIFAR100(root="", train=False, download=True)
flowers = datasets.Flowers102("./data", split="val")
# Not convertible: reported with the reason. Paddle's VOC2012 is the segmentation set (masks),
# not VOCDetection's annotated boxes.
voc = datasets.VOCDetection("./data", image_set="trainval", download=True)
voc_default = datasets.VOCDetection("./data")
odd = datasets.MNIST(root, train=is_train)
tt = datasets.CIFAR10(root, target_transform=lambda y: y)
voc2007 = datasets.VOCDetection("./data", year="2007")


def make(x):
    # An argument a template does not write follows its argument action, or is reported.
    y = x.new_full((2, 3), 1.0, pin_memory=True)
    z = x.new_full((2, 3), 1.0, device=x.device)
    return y, z
