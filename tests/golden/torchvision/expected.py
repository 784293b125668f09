import paddle
import torchvision
from torchvision import datasets

train_tf = paddle.vision.transforms.Compose([
    paddle.vision.transforms.RandomResizedCrop(224),
    paddle.vision.transforms.RandomHorizontalFlip(),
    paddle.vision.transforms.ToTensor(),
    paddle.vision.transforms.Normalize(mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225]),
])
test_tf = paddle.vision.transforms.Compose([
    paddle.vision.transforms.Resize(256),
    paddle.vision.transforms.CenterCrop(224),
    paddle.vision.transforms.ToTensor(),
])
aug = paddle.vision.transforms.Compose([
    paddle.vision.transforms.RandomCrop(32, padding=4),
    paddle.vision.transforms.ColorJitter(brightness=0.2, contrast=0.2),
    paddle.vision.transforms.RandomRotation(15),
    paddle.vision.transforms.Grayscale(),
])

# TODO(torch2paddle): torchvision.datasets.CIFAR10: argument 'root' of torchvision.datasets.CIFAR10 needs a rewrite by hand
train_set = datasets.CIFAR10(root="./data", train=True, download=True, transform=aug)
# TODO(torch2paddle): torchvision.datasets.MNIST: argument 'root' of torchvision.datasets.MNIST cannot be converted (needs_rewrite)
mnist = torchvision.datasets.MNIST("./data", train=False, transform=test_tf)
folder = paddle.vision.datasets.ImageFolder("./images", transform=train_tf)

net = paddle.vision.models.resnet18()
net50 = paddle.vision.models.resnet50()
vgg = paddle.vision.models.vgg16()
mobile = paddle.vision.models.mobilenet_v2()
net.fc = paddle.nn.Linear(512, 10)
