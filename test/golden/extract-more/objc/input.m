#import <Foundation/Foundation.h>
#import "Invoice.h"
@import UIKit;

#define MAX_LINES 10

/// A payment protocol.
@protocol Payable <NSObject>
- (BOOL)pay:(Gateway *)gateway amount:(int)amount;
@property (nonatomic, readonly) NSString *name;
@end

/** An invoice. */
@interface Invoice : BaseEntity <Payable, NSCopying>
{
  int _count;
}
@property (nonatomic, strong) NSArray *lines;
+ (instancetype)invoiceWithOwner:(NSString *)owner;
- (void)log:(NSString *)message;
@end

@interface Invoice () <UITableViewDelegate>
@property (nonatomic) int count;
- (void)privateThing;
@end

@interface Invoice (Extras)
- (void)extra;
@end

@implementation Invoice

// Pays.
- (BOOL)pay:(Gateway *)gateway amount:(int)amount {
  [gateway charge:amount];
  [self log:@"paid"];
  Line *line = [[Line alloc] initWithAmount:amount];
  [Helpers ok];
  [[self.repo items] count];
  NSLog(@"done %d", helper(amount));
  [super pay:gateway amount:amount];
  return YES;
}

+ (instancetype)invoiceWithOwner:(NSString *)owner {
  return [[self alloc] init];
}

- (void)log:(NSString *)message {
  [self privateThing];
}

- (void)privateThing {
  id x = [Foo new];
}

@end

enum Color { Red, Green = 2 };

typedef enum { A, B } Letter;

/// A point.
typedef struct {
  int x;
  int *y;
} Point;

typedef int Money;

static int helper(int x) {
  return x + 1;
}

void PublicFunc(void) {
  helper(2);
}
