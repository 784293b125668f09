import torch
import torchvision
import torchvision.transforms as transforms
from torchvision import datasets, models

train_tf = transforms.Compose([
    transforms.RandomResizedCrop(224),
    transforms.RandomHorizontalFlip(),
    transforms.ToTensor(),
    transforms.Normalize(mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225]),
])
test_tf = transforms.Compose([
    transforms.Resize(256),
    transforms.CenterCrop(224),
    transforms.ToTensor(),
])
aug = transforms.Compose([
    transforms.RandomCrop(32, padding=4),
    transforms.ColorJitter(brightness=0.2, contrast=0.2),
    transforms.RandomRotation(15),
    transforms.Grayscale(),
])

train_set = datasets.CIFAR10(root="./data", train=True, download=True, transform=aug)
mnist = torchvision.datasets.MNIST("./data", train=False, transform=test_tf)
# ImageFolder reads root/<class>/<image> with PIL: Paddle's DatasetFolder, given the PIL loader.
folder = datasets.ImageFolder("./images", transform=train_tf)

net = models.resnet18()
net50 = models.resnet50()
vgg = torchvision.models.vgg16()
mobile = models.mobilenet_v2()
net.fc = torch.nn.Linear(512, 10)
