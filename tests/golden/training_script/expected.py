"""Train a small convolutional classifier on synthetic image data.

This script is intentionally self-contained: it builds a random dataset,
trains a compact CNN for a few epochs, evaluates it after every epoch and
keeps the best checkpoint on disk.  It is the entry point of the demo
project that ships with torch2paddle.

Usage:
    python train_classifier.py --epochs 5 --batch-size 32 --optimizer adam
"""

import os, argparse, time

import numpy as np
import paddle

# Class names are kept in a comma separated string so they can be passed on
# the command line as well; this string must never be touched by a converter.
DEFAULT_CLASSES = "airplane,car,bird,cat,deer,dog,frog,horse,ship,truck"


def parse_args():
    """Build the command line interface."""
    parser = argparse.ArgumentParser(description='Synthetic CNN trainer')
    parser.add_argument("--epochs", type=int, default=5)
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument('--lr', type=float, default=0.01)
    parser.add_argument('--weight-decay', type=float, default=5e-4)
    parser.add_argument("--optimizer", choices=["sgd", "adam"], default="sgd")
    parser.add_argument("--classes", type=str, default=DEFAULT_CLASSES)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--out-dir", type=str, default='./checkpoints')
    parser.add_argument("--resume", type=str, default="")  # path to a .pt file
    return parser.parse_args()


class SyntheticImages(paddle.io.Dataset):
    """Random 3x32x32 images with random integer labels.

    The data is generated lazily in ``__getitem__`` so the dataset costs
    no memory, but every index always maps to the same sample because the
    global generator is re-seeded with the index.
    """

    def __init__(self, length, num_classes, image_size=32):
        self.length = length
        self.num_classes = num_classes
        self.image_size = image_size

    def __len__(self):
        return self.length

    def __getitem__(self, index):
        paddle.seed(index)
        image = paddle.randn([3, self.image_size, self.image_size])
        label = paddle.randint(0, self.num_classes, (1,))
        # squeeze the label down to a 0-d tensor, as cross_entropy expects
        return image, label.squeeze(0)


class SmallCNN(paddle.nn.Layer):
    """Two conv blocks followed by a two-layer MLP head."""

    def __init__(self, num_classes=10, dropout=0.25):
        super(SmallCNN, self).__init__()
        # --- feature extractor -------------------------------------------
        self.features = paddle.nn.Sequential(
            paddle.nn.Conv2D(3, 32, kernel_size=3, padding=1),
            paddle.nn.BatchNorm2D(32),
            paddle.nn.ReLU(),
            paddle.nn.MaxPool2D(2),  # 32x32 -> 16x16
            paddle.nn.Conv2D(32, 64, kernel_size=3, padding=1, bias_attr=False),
            paddle.nn.BatchNorm2D(64),
            paddle.nn.ReLU(),
            paddle.nn.MaxPool2D(kernel_size=2, stride=2),  # 16x16 -> 8x8
        )
        self.dropout = paddle.nn.Dropout(p=dropout)
        # --- classifier head ---------------------------------------------
        self.fc1 = paddle.nn.Linear(64 * 8 * 8, 128)
        self.fc2 = paddle.nn.Linear(128, num_classes)

    def forward(self, x):
        x = self.features(x)
        # both flatten styles are used on purpose, the converter must handle each
        if self.training:
            x = paddle.flatten(x, 1)
        else:
            x = x.view([x.shape[0], -1])
        x = paddle.nn.functional.relu(self.fc1(x))
        x = self.dropout(x)
        return self.fc2(x)


def build_optimizer(model, args):
    """Return the optimizer chosen on the command line."""
    if args.optimizer == "adam":
        return paddle.optimizer.Adam(parameters=model.parameters(), learning_rate=args.lr,
                                weight_decay=args.weight_decay)
    # plain SGD with momentum is the default
    return paddle.optimizer.Momentum(parameters=model.parameters(), learning_rate=args.lr, momentum=0.9, weight_decay=args.weight_decay)


def train_one_epoch(model, loader, optimizer, device, epoch):
    model.train()
    losses = []
    start = time.time()
    for step, (images, labels) in enumerate(loader):
        images = images.to(device)
        labels = labels.to(device)

        optimizer.clear_grad()
        logits = model(images)
        loss = paddle.nn.functional.cross_entropy(logits, labels)
        loss.backward()
        optimizer.step()

        losses.append(loss.item())
        if step % 10 == 0:
            print(f"epoch {epoch} step {step:4d} loss {loss.item():.4f}")

    # numpy is only used for bookkeeping here -- np.mean is NOT a torch call
    mean_loss = float(np.mean(losses))
    elapsed = time.time() - start
    print("epoch %d done in %.1fs, mean loss %.4f" % (epoch, elapsed, mean_loss))
    return mean_loss


@paddle.no_grad()
def evaluate(model, loader, device):
    """Compute top-1 accuracy over the whole loader."""
    model.eval()
    correct, total = 0, 0
    for images, labels in loader:
        images, labels = images.to(device), labels.to(device)
        logits = model(images)
        preds = logits.argmax(axis=1)
        correct += preds.equal(labels).sum().item()
        total += labels.shape[0]
    return correct / max(total, 1)


def save_checkpoint(model, optimizer, epoch, path):
    # TODO(torch2paddle): torch.nn.Module.state_dict: receiver of unknown kind, and its kind decides the Paddle form (as torch.nn.Module.state_dict: `optimizer.state_dict(keep_vars=False)`; as torch.optim.Optimizer.state_dict: `optimizer.state_dict()`; as torch.optim.lr_scheduler.LRScheduler.state_dict: `optimizer.state_dict()`)
    # TODO(torch2paddle): torch.nn.Module.state_dict: receiver of unknown kind, and its kind decides the Paddle form (as torch.nn.Module.state_dict: `model.state_dict(keep_vars=False)`; as torch.optim.Optimizer.state_dict: `model.state_dict()`; as torch.optim.lr_scheduler.LRScheduler.state_dict: `model.state_dict()`)
    state = {
        "epoch": epoch,
        "model": model.state_dict(),
        'optimizer': optimizer.state_dict(),
    }
    paddle.save(state, path)


def main():
    args = parse_args()
    paddle.seed(args.seed)
    np.random.seed(args.seed)

    # string handling: split the class list, strip stray whitespace
    class_names = [c.strip() for c in args.classes.split(",") if c.strip()]
    num_classes = len(class_names)
    print("training on classes: " + ", ".join(class_names))

    device = str("cuda" if (paddle.device.cuda.device_count() >= 1) else "cpu").replace("cuda", "gpu")
    print(f"using device {device}")

    train_set = SyntheticImages(length=512, num_classes=num_classes)
    val_set = SyntheticImages(length=128, num_classes=num_classes)
    train_loader = paddle.io.DataLoader(train_set, batch_size=args.batch_size,
                              shuffle=True, num_workers=0, drop_last=True)
    val_loader = paddle.io.DataLoader(val_set, batch_size=args.batch_size, shuffle=False)

    model = SmallCNN(num_classes=num_classes)
    model = model.to(device)
    optimizer = build_optimizer(model, args)
    scheduler = paddle.optimizer.lr.StepDecay(learning_rate=optimizer.get_lr(), step_size=2, gamma=0.5)
    optimizer.set_lr_scheduler(scheduler)

    start_epoch = 0
    if args.resume and os.path.isfile(args.resume):
        # resume from a previous run
        checkpoint = paddle.load(args.resume)
        model.set_state_dict(checkpoint["model"])
        optimizer.set_state_dict(checkpoint["optimizer"])
        start_epoch = checkpoint["epoch"] + 1

    os.makedirs(args.out_dir, exist_ok=True)
    best_path = os.path.join(args.out_dir, "best_model.pt")
    best_acc = 0.0
    history = []

    for epoch in range(start_epoch, args.epochs):
        train_loss = train_one_epoch(model, train_loader, optimizer, device, epoch)
        scheduler.step()
        acc = evaluate(model, val_loader, device)
        history.append((epoch, train_loss, acc))
        print(f"[val] epoch={epoch} acc={acc * 100:.2f}% lr={[scheduler.last_lr][0]:.5f}")

        save_checkpoint(model, optimizer, epoch,
                        os.path.join(args.out_dir, "last.pt"))
        if acc > best_acc:
            best_acc = acc
            paddle.save(model.state_dict(), best_path)  # weights only

    # reload the best weights and check that they still evaluate the same
    if os.path.exists(best_path):
        model.set_state_dict(paddle.load(best_path))
        final_acc = evaluate(model, val_loader, device)
        print("best checkpoint accuracy: {:.2f}%".format(final_acc * 100))

    # summary table, plain python
    for epoch, loss, acc in history:
        print('%3d  %.4f  %.3f' % (epoch, loss, acc))


if __name__ == "__main__":
    main()
