import paddle
from torchvision import datasets

root = "./data"
train = paddle.vision.datasets.MNIST(image_path="./data/MNIST/raw/train-images-idx3-ubyte.gz", label_path="./data/MNIST/raw/train-labels-idx1-ubyte.gz", mode='train', transform=tf, download=True)
test = paddle.vision.datasets.FashionMNIST(image_path=str(root) + '/FashionMNIST/raw/t10k-images-idx3-ubyte.gz', label_path=str(root) + '/FashionMNIST/raw/t10k-labels-idx1-ubyte.gz', mode='test', download=False)
c10 = paddle.vision.datasets.Cifar10(data_file="/tmp/cifar-10-python.tar.gz", transform=tf, download=False)
c100 = paddle.vision.datasets.Cifar100(data_file="cifar-100-python.tar.gz", mode='test', download=True)
flowers = paddle.vision.datasets.Flowers(data_file="./data/flowers-102/102flowers.tgz", label_file="./data/flowers-102/imagelabels.mat", setid_file="./data/flowers-102/setid.mat", mode='valid')
# Not convertible: reported with the reason. Paddle's VOC2012 is the segmentation set (masks),
# not VOCDetection's annotated boxes.
# TODO(torch2paddle): torchvision.datasets.VOCDetection: VOCDetection gives each image with its parsed annotation (boxes, labels from Annotations/*.xml); Paddle's VOC2012 is the segmentation set (an image and its SegmentationClass mask), and Paddle has no detection dataset: write a paddle.io.Dataset that reads the XML files (xml.etree.ElementTree)
voc = datasets.VOCDetection("./data", image_set="trainval", download=True)
# TODO(torch2paddle): torchvision.datasets.VOCDetection: VOCDetection gives each image with its parsed annotation (boxes, labels from Annotations/*.xml); Paddle's VOC2012 is the segmentation set (an image and its SegmentationClass mask), and Paddle has no detection dataset: write a paddle.io.Dataset that reads the XML files (xml.etree.ElementTree)
voc_default = datasets.VOCDetection("./data")
# TODO(torch2paddle): torchvision.datasets.MNIST: train= is not a literal True or False
odd = datasets.MNIST(root, train=is_train)
# TODO(torch2paddle): torchvision.datasets.CIFAR10: Paddle's datasets take no target_transform
tt = datasets.CIFAR10(root, target_transform=lambda y: y)
# TODO(torch2paddle): torchvision.datasets.VOCDetection: VOCDetection gives each image with its parsed annotation (boxes, labels from Annotations/*.xml); Paddle's VOC2012 is the segmentation set (an image and its SegmentationClass mask), and Paddle has no detection dataset: write a paddle.io.Dataset that reads the XML files (xml.etree.ElementTree)
voc2007 = datasets.VOCDetection("./data", year="2007")


def make(x):
    # An argument a template does not write follows its argument action, or is reported.
    y = paddle.full((2, 3), 1.0, dtype=x.dtype).pin_memory()
    z = paddle.full((2, 3), 1.0, dtype=x.dtype)
    return y, z
