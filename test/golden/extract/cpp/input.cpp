#include <vector>
#include "util.h"
#define MAX 10
#define SQ(x) ((x) * (x))
namespace app {
/// A widget.
class Widget : public Base, private Mixin {
public:
  Widget(int n);
  void draw() const;
  int size() { return items.size(); }
private:
  std::vector<int> items;
};
void Widget::draw() const { render(this); helper::paint(1); auto w = new Widget(2); obj->go(); }
}
typedef struct point { int x; int y; } Point;
enum Color { RED, GREEN };
static int local(void) { return SQ(2); }
int main(int argc, char **argv) { printf("x"); return local(); }
template <typename T> T max_of(T a, T b) { return a > b ? a : b; }
