import paddle
from torchvision import datasets

root = "./data"
train = paddle.vision.datasets.MNIST(image_path="./data/MNIST/raw/train-images-idx3-ubyte.gz", label_path="./data/MNIST/raw/train-labels-idx1-ubyte.gz", mode='train', transform=tf, download=True)
test = paddle.vision.datasets.FashionMNIST(image_path=str(root) + '/FashionMNIST/raw/t10k-images-idx3-ubyte.gz', label_path=str(root) + '/FashionMNIST/raw/t10k-labels-idx1-ubyte.gz', mode='test', download=False)
c10 = paddle.vision.datasets.Cifar10(data_file="/tmp/cifar-10-python.tar.gz", transform=tf, download=False)
c100 = paddle.vision.datasets.Cifar100(data_file="cifar-100-python.tar.gz", mode='test', download=True)
flowers = paddle.vision.datasets.Flowers(data_file="./data/flowers-102/102flowers.tgz", label_file="./data/flowers-102/imagelabels.mat", setid_file="./data/flowers-102/setid.mat", mode='valid')
voc = paddle.vision.datasets.VOC2012(data_file="./data/voc2012/VOCtrainval_11-May-2012.tar", mode='train', download=True)
voc_default = paddle.vision.datasets.VOC2012(data_file="./data/voc2012/VOCtrainval_11-May-2012.tar", mode='test')
# Not convertible: reported with the reason.
# TODO(torch2paddle): torchvision.datasets.MNIST: train= is not a literal True or False
odd = datasets.MNIST(root, train=is_train)
# TODO(torch2paddle): torchvision.datasets.CIFAR10: Paddle's datasets take no target_transform
tt = datasets.CIFAR10(root, target_transform=lambda y: y)
# TODO(torch2paddle): torchvision.datasets.VOCDetection: argument 'year' of torchvision.datasets.VOCDetection cannot be converted (no_counterpart)
voc2007 = datasets.VOCDetection("./data", year="2007")


def make(x):
    # An argument a template does not write follows its argument action, or is reported.
    y = paddle.full((2, 3), 1.0, dtype=x.dtype).pin_memory()
    z = paddle.full((2, 3), 1.0, dtype=x.dtype)
    return y, z
