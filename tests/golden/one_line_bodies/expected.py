# Statements added after a call (requires_grad's stop_gradient, a scheduler's set_lr_scheduler)
# stay in a one-line compound body, or after a `;`, instead of starting an indented line.
import paddle

c = True
if c: x = paddle.zeros([2]); x.stop_gradient = False
for i in range(2): y = paddle.ones([2]); y.stop_gradient = False
while c: z = paddle.ones([2]); z.stop_gradient = False; c = False
a = 1; w = paddle.ones([2]); w.stop_gradient = False
class A: q = paddle.ones([2]); q.stop_gradient = False
if c:
    pass
else: v = paddle.ones([2]); v.stop_gradient = False
with open("f") as fh: u = paddle.ones([2]); u.stop_gradient = False  # a comment
def make(opt): sched = paddle.optimizer.lr.StepDecay(learning_rate=opt.get_lr(), step_size=10); opt.set_lr_scheduler(sched); return sched
if c:
    t = paddle.ones([2])
    t.stop_gradient = False
if c: \
    w = paddle.ones([2]); w.stop_gradient = False
# A value computed once before the statement stays in the one-line body too.
if c: t2p_input = paddle.rand([2, 3]); values, indices = (paddle.max(t2p_input, axis=1), paddle.argmax(t2p_input, axis=1))
def top(t): t2p_input = t.abs(); return (paddle.sort(t2p_input, descending=True), paddle.argsort(t2p_input, descending=True))
