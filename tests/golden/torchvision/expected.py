import PIL.Image
import paddle

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

train_set = paddle.vision.datasets.Cifar10(data_file="./data/cifar-10-python.tar.gz", mode='train', transform=aug, download=True)
mnist = paddle.vision.datasets.MNIST(image_path="./data/MNIST/raw/t10k-images-idx3-ubyte.gz", label_path="./data/MNIST/raw/t10k-labels-idx1-ubyte.gz", mode='test', transform=test_tf, download=False)
# ImageFolder reads root/<class>/<image> with PIL: Paddle's DatasetFolder, given the PIL loader.
folder = paddle.vision.datasets.DatasetFolder("./images", transform=train_tf, loader=lambda path: PIL.Image.open(path).convert('RGB'))

net = paddle.vision.models.resnet18()
net50 = paddle.vision.models.resnet50()
vgg = paddle.vision.models.vgg16()
mobile = paddle.vision.models.mobilenet_v2()
net.fc = paddle.nn.Linear(512, 10)
