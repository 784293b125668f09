# vars(args) reads an object's attributes, not the module's names: the torch imports go as usual.
import paddle

def options(args):
    return vars(args)

opt = paddle.optimizer.SGD(parameters=[], learning_rate=0.1, weight_decay=0)
