; csmith --seed 6 --max-funcs 4, compiled like differential-control.ll (input of differential.test)
source_filename = "cs6.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [2 x i8] c"1\00", align 1
@g_8 = internal global i32 1, align 4
@.str.1 = private unnamed_addr constant [4 x i8] c"g_8\00", align 1
@g_20 = internal global i64 8477343256702738730, align 8
@.str.2 = private unnamed_addr constant [5 x i8] c"g_20\00", align 1
@g_35 = internal global i64 1, align 8
@.str.3 = private unnamed_addr constant [5 x i8] c"g_35\00", align 1
@g_48 = internal global i64 -1, align 8
@.str.4 = private unnamed_addr constant [5 x i8] c"g_48\00", align 1
@g_65 = internal global i8 10, align 1
@.str.5 = private unnamed_addr constant [5 x i8] c"g_65\00", align 1
@g_68 = internal global i64 2, align 8
@.str.6 = private unnamed_addr constant [5 x i8] c"g_68\00", align 1
@g_77 = internal global i64 -5, align 8
@.str.7 = private unnamed_addr constant [5 x i8] c"g_77\00", align 1
@g_92 = internal global i8 -42, align 1
@.str.8 = private unnamed_addr constant [5 x i8] c"g_92\00", align 1
@g_94 = internal global i32 999649754, align 4
@.str.9 = private unnamed_addr constant [5 x i8] c"g_94\00", align 1
@g_151 = internal global i32 1, align 4
@.str.10 = private unnamed_addr constant [6 x i8] c"g_151\00", align 1
@g_154 = internal global i32 -1, align 4
@.str.11 = private unnamed_addr constant [6 x i8] c"g_154\00", align 1
@g_155 = internal global i32 -1, align 4
@.str.12 = private unnamed_addr constant [6 x i8] c"g_155\00", align 1
@g_158 = internal global i16 -3810, align 2
@.str.13 = private unnamed_addr constant [6 x i8] c"g_158\00", align 1
@g_198 = internal global i16 29017, align 2
@.str.14 = private unnamed_addr constant [6 x i8] c"g_198\00", align 1
@g_199 = internal global i32 948549204, align 4
@.str.15 = private unnamed_addr constant [6 x i8] c"g_199\00", align 1
@g_209 = internal global i8 0, align 1
@.str.16 = private unnamed_addr constant [6 x i8] c"g_209\00", align 1
@g_321 = internal global i16 -1, align 2
@.str.17 = private unnamed_addr constant [6 x i8] c"g_321\00", align 1
@g_353 = internal global i32 -10, align 4
@.str.18 = private unnamed_addr constant [6 x i8] c"g_353\00", align 1
@g_360 = internal global i8 -108, align 1
@.str.19 = private unnamed_addr constant [6 x i8] c"g_360\00", align 1
@g_498 = internal global [3 x i16] [i16 8487, i16 8487, i16 8487], align 2
@.str.20 = private unnamed_addr constant [9 x i8] c"g_498[i]\00", align 1
@.str.21 = private unnamed_addr constant [14 x i8] c"index = [%d]\0A\00", align 1
@g_768 = internal global i16 22916, align 2
@.str.22 = private unnamed_addr constant [6 x i8] c"g_768\00", align 1
@.str.23 = private unnamed_addr constant [6 x i8] c"g_784\00", align 1
@g_831 = internal global i8 58, align 1
@.str.24 = private unnamed_addr constant [6 x i8] c"g_831\00", align 1
@g_879 = internal global i64 5115150806456573397, align 8
@.str.25 = private unnamed_addr constant [6 x i8] c"g_879\00", align 1
@g_892 = internal global i16 -27346, align 2
@.str.26 = private unnamed_addr constant [6 x i8] c"g_892\00", align 1
@g_952 = internal global i32 5, align 4
@.str.27 = private unnamed_addr constant [6 x i8] c"g_952\00", align 1
@g_1058 = internal global [2 x [5 x i16]] [[5 x i16] [i16 -1, i16 0, i16 0, i16 -1, i16 0], [5 x i16] [i16 -1, i16 -1, i16 -1, i16 -1, i16 -1]], align 16
@.str.28 = private unnamed_addr constant [13 x i8] c"g_1058[i][j]\00", align 1
@.str.29 = private unnamed_addr constant [18 x i8] c"index = [%d][%d]\0A\00", align 1
@g_1188 = internal global [1 x [6 x i16]] [[6 x i16] [i16 -23366, i16 0, i16 -23366, i16 -23366, i16 0, i16 -23366]], align 2
@.str.30 = private unnamed_addr constant [13 x i8] c"g_1188[i][j]\00", align 1
@g_1321 = internal global i8 1, align 1
@.str.31 = private unnamed_addr constant [7 x i8] c"g_1321\00", align 1
@g_1350 = internal global i32 1667872330, align 4
@.str.32 = private unnamed_addr constant [7 x i8] c"g_1350\00", align 1
@g_1539 = internal global i16 -1, align 2
@.str.33 = private unnamed_addr constant [7 x i8] c"g_1539\00", align 1
@g_1553 = internal global [10 x i8] c"zzzzzzzzzz", align 1
@.str.34 = private unnamed_addr constant [10 x i8] c"g_1553[i]\00", align 1
@g_1610 = internal global i64 -2858522246358796091, align 8
@.str.35 = private unnamed_addr constant [7 x i8] c"g_1610\00", align 1
@g_1653 = internal global [1 x i32] [i32 -2], align 4
@.str.36 = private unnamed_addr constant [10 x i8] c"g_1653[i]\00", align 1
@crc32_context = internal global i32 -1, align 4
@crc32_tab = internal global [256 x i32] zeroinitializer, align 16
@g_588 = internal global ptr @g_589, align 8
@__const.func_1.l_1645 = private unnamed_addr constant [2 x [10 x [10 x i32]]] [[10 x [10 x i32]] [[10 x i32] [i32 2, i32 -1062536125, i32 364729228, i32 361383523, i32 -447810028, i32 562418344, i32 -1321837261, i32 -1113995096, i32 0, i32 1], [10 x i32] [i32 2, i32 -1, i32 -1, i32 -6, i32 1, i32 364729228, i32 1, i32 -1, i32 0, i32 -1], [10 x i32] [i32 364729228, i32 1, i32 -1, i32 0, i32 -1, i32 509282606, i32 1515920072, i32 -1321837261, i32 -1084518925, i32 0], [10 x i32] [i32 1464663470, i32 509282606, i32 1, i32 751713894, i32 -1823482693, i32 751713894, i32 1, i32 509282606, i32 1464663470, i32 -202955473], [10 x i32] [i32 -1113995096, i32 -1, i32 -1062536125, i32 1, i32 2072602401, i32 1, i32 1160556958, i32 0, i32 509282606, i32 -6], [10 x i32] [i32 -6, i32 361383523, i32 -551968495, i32 1, i32 -661455525, i32 -6, i32 1, i32 613749, i32 1464663470, i32 1515920072], [10 x i32] [i32 1, i32 0, i32 2, i32 751713894, i32 1, i32 -1, i32 -1, i32 -1823482693, i32 -1084518925, i32 -1], [10 x i32] [i32 -447810028, i32 -1823482693, i32 0, i32 0, i32 -202955473, i32 -1062536125, i32 -1062536125, i32 -202955473, i32 0, i32 0], [10 x i32] [i32 -998173417, i32 -998173417, i32 562418344, i32 -6, i32 -1, i32 -1, i32 509282606, i32 -329599433, i32 0, i32 -1], [10 x i32] [i32 881869581, i32 -1113995096, i32 -6, i32 361383523, i32 1, i32 613749, i32 509282606, i32 364729228, i32 1, i32 1]], [10 x [10 x i32]] [[10 x i32] [i32 1515920072, i32 -998173417, i32 751713894, i32 -202955473, i32 -1823482693, i32 -6, i32 -1113995096, i32 1, i32 1, i32 364729228], [10 x i32] [i32 881869581, i32 0, i32 562418344, i32 -1113995096, i32 -1, i32 1237088577, i32 -1823482693, i32 -1, i32 -1823482693, i32 1237088577], [10 x i32] [i32 1, i32 -6, i32 1119728652, i32 -6, i32 1, i32 0, i32 -1, i32 -1, i32 0, i32 613749], [10 x i32] [i32 1119728652, i32 -1, i32 -1, i32 -447810028, i32 -1062536125, i32 1, i32 1, i32 364729228, i32 509282606, i32 613749], [10 x i32] [i32 0, i32 -447810028, i32 0, i32 1, i32 1, i32 1, i32 2072602401, i32 -202955473, i32 -551968495, i32 1237088577], [10 x i32] [i32 2, i32 751713894, i32 1, i32 -1, i32 -1, i32 -1823482693, i32 -1084518925, i32 -1, i32 364729228, i32 364729228], [10 x i32] [i32 1, i32 -661455525, i32 1515920072, i32 -1823482693, i32 -1823482693, i32 1515920072, i32 -661455525, i32 1, i32 1160556958, i32 1], [10 x i32] [i32 -329599433, i32 -202955473, i32 364729228, i32 2072602401, i32 -661455525, i32 -1, i32 613749, i32 881869581, i32 -1062536125, i32 -1823482693], [10 x i32] [i32 751713894, i32 -1113995096, i32 364729228, i32 -661455525, i32 1119728652, i32 881869581, i32 0, i32 1, i32 -1321837261, i32 -6], [10 x i32] [i32 1, i32 0, i32 1515920072, i32 1, i32 2, i32 -661455525, i32 -1321837261, i32 -1, i32 -6, i32 -202955473]]], align 16
@__const.func_1.l_1646 = private unnamed_addr constant [10 x [9 x [2 x i32]]] [[9 x [2 x i32]] [[2 x i32] [i32 493799062, i32 4], [2 x i32] [i32 4, i32 -1453445530], [2 x i32] [i32 -1093506415, i32 1], [2 x i32] [i32 -2, i32 -4], [2 x i32] [i32 4, i32 -1453445530], [2 x i32] [i32 209810631, i32 0], [2 x i32] [i32 493799062, i32 -1500355694], [2 x i32] [i32 -1093506415, i32 1], [2 x i32] [i32 1, i32 5]], [9 x [2 x i32]] [[2 x i32] [i32 1433121464, i32 1], [2 x i32] [i32 4, i32 1], [2 x i32] [i32 0, i32 -1500355694], [2 x i32] [i32 1433121464, i32 -4], [2 x i32] [i32 -1500355694, i32 1], [2 x i32] [i32 4, i32 -1935605337], [2 x i32] [i32 493799062, i32 209810631], [2 x i32] [i32 0, i32 -1453445530], [2 x i32] [i32 874564683, i32 5]], [9 x [2 x i32]] [[2 x i32] [i32 -2, i32 5], [2 x i32] [i32 874564683, i32 -1453445530], [2 x i32] [i32 0, i32 209810631], [2 x i32] [i32 493799062, i32 -1935605337], [2 x i32] [i32 4, i32 1], [2 x i32] [i32 -1500355694, i32 -4], [2 x i32] [i32 1433121464, i32 -1500355694], [2 x i32] [i32 0, i32 1], [2 x i32] [i32 4, i32 1]], [9 x [2 x i32]] [[2 x i32] [i32 1433121464, i32 5], [2 x i32] [i32 1, i32 1], [2 x i32] [i32 -1093506415, i32 -1500355694], [2 x i32] [i32 493799062, i32 0], [2 x i32] [i32 209810631, i32 -1453445530], [2 x i32] [i32 4, i32 -4], [2 x i32] [i32 -2, i32 1], [2 x i32] [i32 -1093506415, i32 -1453445530], [2 x i32] [i32 4, i32 4]], [9 x [2 x i32]] [[2 x i32] [i32 493799062, i32 1], [2 x i32] [i32 874564683, i32 1], [2 x i32] [i32 -1935605337, i32 1], [2 x i32] [i32 1433121464, i32 -1935605337], [2 x i32] [i32 209810631, i32 1], [2 x i32] [i32 209810631, i32 -1935605337], [2 x i32] [i32 1433121464, i32 1], [2 x i32] [i32 -1935605337, i32 1], [2 x i32] [i32 874564683, i32 1]], [9 x [2 x i32]] [[2 x i32] [i32 493799062, i32 4], [2 x i32] [i32 4, i32 -1453445530], [2 x i32] [i32 -1093506415, i32 1], [2 x i32] [i32 -797468061, i32 1], [2 x i32] [i32 1, i32 -458488400], [2 x i32] [i32 2035582166, i32 -1453445530], [2 x i32] [i32 1500962103, i32 -925425568], [2 x i32] [i32 -10, i32 -8], [2 x i32] [i32 1433121464, i32 493799062]], [9 x [2 x i32]] [[2 x i32] [i32 9, i32 1433121464], [2 x i32] [i32 -2, i32 2], [2 x i32] [i32 -1453445530, i32 -925425568], [2 x i32] [i32 9, i32 1], [2 x i32] [i32 -925425568, i32 -8], [2 x i32] [i32 1, i32 -912659939], [2 x i32] [i32 1500962103, i32 2035582166], [2 x i32] [i32 -1453445530, i32 -458488400], [2 x i32] [i32 1, i32 493799062]], [9 x [2 x i32]] [[2 x i32] [i32 -797468061, i32 493799062], [2 x i32] [i32 1, i32 -458488400], [2 x i32] [i32 -1453445530, i32 2035582166], [2 x i32] [i32 1500962103, i32 -912659939], [2 x i32] [i32 1, i32 -8], [2 x i32] [i32 -925425568, i32 1], [2 x i32] [i32 9, i32 -925425568], [2 x i32] [i32 -1453445530, i32 2], [2 x i32] [i32 -2, i32 1433121464]], [9 x [2 x i32]] [[2 x i32] [i32 9, i32 493799062], [2 x i32] [i32 1433121464, i32 -8], [2 x i32] [i32 -10, i32 -925425568], [2 x i32] [i32 1500962103, i32 -1453445530], [2 x i32] [i32 2035582166, i32 -458488400], [2 x i32] [i32 1, i32 1], [2 x i32] [i32 -797468061, i32 1], [2 x i32] [i32 -10, i32 -458488400], [2 x i32] [i32 -2, i32 -2]], [9 x [2 x i32]] [[2 x i32] [i32 1500962103, i32 1433121464], [2 x i32] [i32 1, i32 -8], [2 x i32] [i32 -912659939, i32 1], [2 x i32] [i32 9, i32 -912659939], [2 x i32] [i32 2035582166, i32 2], [2 x i32] [i32 2035582166, i32 -912659939], [2 x i32] [i32 9, i32 1], [2 x i32] [i32 -912659939, i32 -8], [2 x i32] [i32 1, i32 1433121464]]], align 16
@g_1385 = internal global ptr @g_209, align 8
@g_38 = internal global ptr @g_35, align 8
@g_589 = internal global ptr @g_151, align 8
@.str.37 = private unnamed_addr constant [36 x i8] c"...checksum after hashing %s : %lX\0A\00", align 1
@.str.38 = private unnamed_addr constant [15 x i8] c"checksum = %X\0A\00", align 1

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @main(i32 noundef %argc, ptr noundef %argv) #0 {
entry:
  %retval = alloca i32, align 4
  %argc.addr = alloca i32, align 4
  %argv.addr = alloca ptr, align 8
  %i = alloca i32, align 4
  %j = alloca i32, align 4
  %k = alloca i32, align 4
  %print_hash_value = alloca i32, align 4
  store i32 0, ptr %retval, align 4
  store i32 %argc, ptr %argc.addr, align 4
  store ptr %argv, ptr %argv.addr, align 8
  store i32 0, ptr %print_hash_value, align 4
  %0 = load i32, ptr %argc.addr, align 4
  %cmp = icmp eq i32 %0, 2
  br i1 %cmp, label %land.lhs.true, label %if.end

land.lhs.true:                                    ; preds = %entry
  %1 = load ptr, ptr %argv.addr, align 8
  %arrayidx = getelementptr inbounds ptr, ptr %1, i64 1
  %2 = load ptr, ptr %arrayidx, align 8
  %call = call i32 @strcmp(ptr noundef %2, ptr noundef @.str) #4
  %cmp1 = icmp eq i32 %call, 0
  br i1 %cmp1, label %if.then, label %if.end

if.then:                                          ; preds = %land.lhs.true
  store i32 1, ptr %print_hash_value, align 4
  br label %if.end

if.end:                                           ; preds = %if.then, %land.lhs.true, %entry
  call void @platform_main_begin()
  call void @crc32_gentab()
  %call2 = call zeroext i8 @func_1()
  %3 = load i32, ptr @g_8, align 4
  %conv = sext i32 %3 to i64
  %4 = load i32, ptr %print_hash_value, align 4
  call void @transparent_crc(i64 noundef %conv, ptr noundef @.str.1, i32 noundef %4)
  %5 = load i64, ptr @g_20, align 8
  %6 = load i32, ptr %print_hash_value, align 4
  call void @transparent_crc(i64 noundef %5, ptr noundef @.str.2, i32 noundef %6)
  %7 = load i64, ptr @g_35, align 8
  %8 = load i32, ptr %print_hash_value, align 4
  call void @transparent_crc(i64 noundef %7, ptr noundef @.str.3, i32 noundef %8)
  %9 = load i64, ptr @g_48, align 8
  %10 = load i32, ptr %print_hash_value, align 4
  call void @transparent_crc(i64 noundef %9, ptr noundef @.str.4, i32 noundef %10)
  %11 = load i8, ptr @g_65, align 1
  %conv3 = sext i8 %11 to i64
  %12 = load i32, ptr %print_hash_value, align 4
  call void @transparent_crc(i64 noundef %conv3, ptr noundef @.str.5, i32 noundef %12)
  %13 = load volatile i64, ptr @g_68, align 8
  %14 = load i32, ptr %print_hash_value, align 4
  call void @transparent_crc(i64 noundef %13, ptr noundef @.str.6, i32 noundef %14)
  %15 = load i64, ptr @g_77, align 8
  %16 = load i32, ptr %print_hash_value, align 4
  call void @transparent_crc(i64 noundef %15, ptr noundef @.str.7, i32 noundef %16)
  %17 = load i8, ptr @g_92, align 1
  %conv4 = sext i8 %17 to i64
  %18 = load i32, ptr %print_hash_value, align 4
  call void @transparent_crc(i64 noundef %conv4, ptr noundef @.str.8, i32 noundef %18)
  %19 = load i32, ptr @g_94, align 4
  %conv5 = sext i32 %19 to i64
  %20 = load i32, ptr %print_hash_value, align 4
  call void @transparent_crc(i64 noundef %conv5, ptr noundef @.str.9, i32 noundef %20)
  %21 = load i32, ptr @g_151, align 4
  %conv6 = zext i32 %21 to i64
  %22 = load i32, ptr %print_hash_value, align 4
  call void @transparent_crc(i64 noundef %conv6, ptr noundef @.str.10, i32 noundef %22)
  %23 = load i32, ptr @g_154, align 4
  %conv7 = sext i32 %23 to i64
  %24 = load i32, ptr %print_hash_value, align 4
  call void @transparent_crc(i64 noundef %conv7, ptr noundef @.str.11, i32 noundef %24)
  %25 = load i32, ptr @g_155, align 4
  %conv8 = sext i32 %25 to i64
  %26 = load i32, ptr %print_hash_value, align 4
  call void @transparent_crc(i64 noundef %conv8, ptr noundef @.str.12, i32 noundef %26)
  %27 = load i16, ptr @g_158, align 2
  %conv9 = zext i16 %27 to i64
  %28 = load i32, ptr %print_hash_value, align 4
  call void @transparent_crc(i64 noundef %conv9, ptr noundef @.str.13, i32 noundef %28)
  %29 = load i16, ptr @g_198, align 2
  %conv10 = sext i16 %29 to i64
  %30 = load i32, ptr %print_hash_value, align 4
  call void @transparent_crc(i64 noundef %conv10, ptr noundef @.str.14, i32 noundef %30)
  %31 = load volatile i32, ptr @g_199, align 4
  %conv11 = sext i32 %31 to i64
  %32 = load i32, ptr %print_hash_value, align 4
  call void @transparent_crc(i64 noundef %conv11, ptr noundef @.str.15, i32 noundef %32)
  %33 = load i8, ptr @g_209, align 1
  %conv12 = zext i8 %33 to i64
  %34 = load i32, ptr %print_hash_value, align 4
  call void @transparent_crc(i64 noundef %conv12, ptr noundef @.str.16, i32 noundef %34)
  %35 = load i16, ptr @g_321, align 2
  %conv13 = zext i16 %35 to i64
  %36 = load i32, ptr %print_hash_value, align 4
  call void @transparent_crc(i64 noundef %conv13, ptr noundef @.str.17, i32 noundef %36)
  %37 = load i32, ptr @g_353, align 4
  %conv14 = zext i32 %37 to i64
  %38 = load i32, ptr %print_hash_value, align 4
  call void @transparent_crc(i64 noundef %conv14, ptr noundef @.str.18, i32 noundef %38)
  %39 = load i8, ptr @g_360, align 1
  %conv15 = zext i8 %39 to i64
  %40 = load i32, ptr %print_hash_value, align 4
  call void @transparent_crc(i64 noundef %conv15, ptr noundef @.str.19, i32 noundef %40)
  store i32 0, ptr %i, align 4
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %if.end
  %41 = load i32, ptr %i, align 4
  %cmp16 = icmp slt i32 %41, 3
  br i1 %cmp16, label %for.body, label %for.end

for.body:                                         ; preds = %for.cond
  %42 = load i32, ptr %i, align 4
  %idxprom = sext i32 %42 to i64
  %arrayidx18 = getelementptr inbounds [3 x i16], ptr @g_498, i64 0, i64 %idxprom
  %43 = load i16, ptr %arrayidx18, align 2
  %conv19 = zext i16 %43 to i64
  %44 = load i32, ptr %print_hash_value, align 4
  call void @transparent_crc(i64 noundef %conv19, ptr noundef @.str.20, i32 noundef %44)
  %45 = load i32, ptr %print_hash_value, align 4
  %tobool = icmp ne i32 %45, 0
  br i1 %tobool, label %if.then20, label %if.end22

if.then20:                                        ; preds = %for.body
  %46 = load i32, ptr %i, align 4
  %call21 = call i32 (ptr, ...) @printf(ptr noundef @.str.21, i32 noundef %46)
  br label %if.end22

if.end22:                                         ; preds = %if.then20, %for.body
  br label %for.inc

for.inc:                                          ; preds = %if.end22
  %47 = load i32, ptr %i, align 4
  %inc = add nsw i32 %47, 1
  store i32 %inc, ptr %i, align 4
  br label %for.cond, !llvm.loop !6

for.end:                                          ; preds = %for.cond
  %48 = load i16, ptr @g_768, align 2
  %conv23 = sext i16 %48 to i64
  %49 = load i32, ptr %print_hash_value, align 4
  call void @transparent_crc(i64 noundef %conv23, ptr noundef @.str.22, i32 noundef %49)
  %50 = load i32, ptr %print_hash_value, align 4
  call void @transparent_crc(i64 noundef 2850453548, ptr noundef @.str.23, i32 noundef %50)
  %51 = load i8, ptr @g_831, align 1
  %conv24 = sext i8 %51 to i64
  %52 = load i32, ptr %print_hash_value, align 4
  call void @transparent_crc(i64 noundef %conv24, ptr noundef @.str.24, i32 noundef %52)
  %53 = load i64, ptr @g_879, align 8
  %54 = load i32, ptr %print_hash_value, align 4
  call void @transparent_crc(i64 noundef %53, ptr noundef @.str.25, i32 noundef %54)
  %55 = load i16, ptr @g_892, align 2
  %conv25 = sext i16 %55 to i64
  %56 = load i32, ptr %print_hash_value, align 4
  call void @transparent_crc(i64 noundef %conv25, ptr noundef @.str.26, i32 noundef %56)
  %57 = load i32, ptr @g_952, align 4
  %conv26 = sext i32 %57 to i64
  %58 = load i32, ptr %print_hash_value, align 4
  call void @transparent_crc(i64 noundef %conv26, ptr noundef @.str.27, i32 noundef %58)
  store i32 0, ptr %i, align 4
  br label %for.cond27

for.cond27:                                       ; preds = %for.inc47, %for.end
  %59 = load i32, ptr %i, align 4
  %cmp28 = icmp slt i32 %59, 2
  br i1 %cmp28, label %for.body30, label %for.end49

for.body30:                                       ; preds = %for.cond27
  store i32 0, ptr %j, align 4
  br label %for.cond31

for.cond31:                                       ; preds = %for.inc44, %for.body30
  %60 = load i32, ptr %j, align 4
  %cmp32 = icmp slt i32 %60, 5
  br i1 %cmp32, label %for.body34, label %for.end46

for.body34:                                       ; preds = %for.cond31
  %61 = load i32, ptr %i, align 4
  %idxprom35 = sext i32 %61 to i64
  %arrayidx36 = getelementptr inbounds [2 x [5 x i16]], ptr @g_1058, i64 0, i64 %idxprom35
  %62 = load i32, ptr %j, align 4
  %idxprom37 = sext i32 %62 to i64
  %arrayidx38 = getelementptr inbounds [5 x i16], ptr %arrayidx36, i64 0, i64 %idxprom37
  %63 = load i16, ptr %arrayidx38, align 2
  %conv39 = sext i16 %63 to i64
  %64 = load i32, ptr %print_hash_value, align 4
  call void @transparent_crc(i64 noundef %conv39, ptr noundef @.str.28, i32 noundef %64)
  %65 = load i32, ptr %print_hash_value, align 4
  %tobool40 = icmp ne i32 %65, 0
  br i1 %tobool40, label %if.then41, label %if.end43

if.then41:                                        ; preds = %for.body34
  %66 = load i32, ptr %i, align 4
  %67 = load i32, ptr %j, align 4
  %call42 = call i32 (ptr, ...) @printf(ptr noundef @.str.29, i32 noundef %66, i32 noundef %67)
  br label %if.end43

if.end43:                                         ; preds = %if.then41, %for.body34
  br label %for.inc44

for.inc44:                                        ; preds = %if.end43
  %68 = load i32, ptr %j, align 4
  %inc45 = add nsw i32 %68, 1
  store i32 %inc45, ptr %j, align 4
  br label %for.cond31, !llvm.loop !8

for.end46:                                        ; preds = %for.cond31
  br label %for.inc47

for.inc47:                                        ; preds = %for.end46
  %69 = load i32, ptr %i, align 4
  %inc48 = add nsw i32 %69, 1
  store i32 %inc48, ptr %i, align 4
  br label %for.cond27, !llvm.loop !9

for.end49:                                        ; preds = %for.cond27
  store i32 0, ptr %i, align 4
  br label %for.cond50

for.cond50:                                       ; preds = %for.inc70, %for.end49
  %70 = load i32, ptr %i, align 4
  %cmp51 = icmp slt i32 %70, 1
  br i1 %cmp51, label %for.body53, label %for.end72

for.body53:                                       ; preds = %for.cond50
  store i32 0, ptr %j, align 4
  br label %for.cond54

for.cond54:                                       ; preds = %for.inc67, %for.body53
  %71 = load i32, ptr %j, align 4
  %cmp55 = icmp slt i32 %71, 6
  br i1 %cmp55, label %for.body57, label %for.end69

for.body57:                                       ; preds = %for.cond54
  %72 = load i32, ptr %i, align 4
  %idxprom58 = sext i32 %72 to i64
  %arrayidx59 = getelementptr inbounds [1 x [6 x i16]], ptr @g_1188, i64 0, i64 %idxprom58
  %73 = load i32, ptr %j, align 4
  %idxprom60 = sext i32 %73 to i64
  %arrayidx61 = getelementptr inbounds [6 x i16], ptr %arrayidx59, i64 0, i64 %idxprom60
  %74 = load i16, ptr %arrayidx61, align 2
  %conv62 = sext i16 %74 to i64
  %75 = load i32, ptr %print_hash_value, align 4
  call void @transparent_crc(i64 noundef %conv62, ptr noundef @.str.30, i32 noundef %75)
  %76 = load i32, ptr %print_hash_value, align 4
  %tobool63 = icmp ne i32 %76, 0
  br i1 %tobool63, label %if.then64, label %if.end66

if.then64:                                        ; preds = %for.body57
  %77 = load i32, ptr %i, align 4
  %78 = load i32, ptr %j, align 4
  %call65 = call i32 (ptr, ...) @printf(ptr noundef @.str.29, i32 noundef %77, i32 noundef %78)
  br label %if.end66

if.end66:                                         ; preds = %if.then64, %for.body57
  br label %for.inc67

for.inc67:                                        ; preds = %if.end66
  %79 = load i32, ptr %j, align 4
  %inc68 = add nsw i32 %79, 1
  store i32 %inc68, ptr %j, align 4
  br label %for.cond54, !llvm.loop !10

for.end69:                                        ; preds = %for.cond54
  br label %for.inc70

for.inc70:                                        ; preds = %for.end69
  %80 = load i32, ptr %i, align 4
  %inc71 = add nsw i32 %80, 1
  store i32 %inc71, ptr %i, align 4
  br label %for.cond50, !llvm.loop !11

for.end72:                                        ; preds = %for.cond50
  %81 = load i8, ptr @g_1321, align 1
  %conv73 = zext i8 %81 to i64
  %82 = load i32, ptr %print_hash_value, align 4
  call void @transparent_crc(i64 noundef %conv73, ptr noundef @.str.31, i32 noundef %82)
  %83 = load volatile i32, ptr @g_1350, align 4
  %conv74 = sext i32 %83 to i64
  %84 = load i32, ptr %print_hash_value, align 4
  call void @transparent_crc(i64 noundef %conv74, ptr noundef @.str.32, i32 noundef %84)
  %85 = load i16, ptr @g_1539, align 2
  %conv75 = sext i16 %85 to i64
  %86 = load i32, ptr %print_hash_value, align 4
  call void @transparent_crc(i64 noundef %conv75, ptr noundef @.str.33, i32 noundef %86)
  store i32 0, ptr %i, align 4
  br label %for.cond76

for.cond76:                                       ; preds = %for.inc87, %for.end72
  %87 = load i32, ptr %i, align 4
  %cmp77 = icmp slt i32 %87, 10
  br i1 %cmp77, label %for.body79, label %for.end89

for.body79:                                       ; preds = %for.cond76
  %88 = load i32, ptr %i, align 4
  %idxprom80 = sext i32 %88 to i64
  %arrayidx81 = getelementptr inbounds [10 x i8], ptr @g_1553, i64 0, i64 %idxprom80
  %89 = load i8, ptr %arrayidx81, align 1
  %conv82 = zext i8 %89 to i64
  %90 = load i32, ptr %print_hash_value, align 4
  call void @transparent_crc(i64 noundef %conv82, ptr noundef @.str.34, i32 noundef %90)
  %91 = load i32, ptr %print_hash_value, align 4
  %tobool83 = icmp ne i32 %91, 0
  br i1 %tobool83, label %if.then84, label %if.end86

if.then84:                                        ; preds = %for.body79
  %92 = load i32, ptr %i, align 4
  %call85 = call i32 (ptr, ...) @printf(ptr noundef @.str.21, i32 noundef %92)
  br label %if.end86

if.end86:                                         ; preds = %if.then84, %for.body79
  br label %for.inc87

for.inc87:                                        ; preds = %if.end86
  %93 = load i32, ptr %i, align 4
  %inc88 = add nsw i32 %93, 1
  store i32 %inc88, ptr %i, align 4
  br label %for.cond76, !llvm.loop !12

for.end89:                                        ; preds = %for.cond76
  %94 = load i64, ptr @g_1610, align 8
  %95 = load i32, ptr %print_hash_value, align 4
  call void @transparent_crc(i64 noundef %94, ptr noundef @.str.35, i32 noundef %95)
  store i32 0, ptr %i, align 4
  br label %for.cond90

for.cond90:                                       ; preds = %for.inc101, %for.end89
  %96 = load i32, ptr %i, align 4
  %cmp91 = icmp slt i32 %96, 1
  br i1 %cmp91, label %for.body93, label %for.end103

for.body93:                                       ; preds = %for.cond90
  %97 = load i32, ptr %i, align 4
  %idxprom94 = sext i32 %97 to i64
  %arrayidx95 = getelementptr inbounds [1 x i32], ptr @g_1653, i64 0, i64 %idxprom94
  %98 = load volatile i32, ptr %arrayidx95, align 4
  %conv96 = sext i32 %98 to i64
  %99 = load i32, ptr %print_hash_value, align 4
  call void @transparent_crc(i64 noundef %conv96, ptr noundef @.str.36, i32 noundef %99)
  %100 = load i32, ptr %print_hash_value, align 4
  %tobool97 = icmp ne i32 %100, 0
  br i1 %tobool97, label %if.then98, label %if.end100

if.then98:                                        ; preds = %for.body93
  %101 = load i32, ptr %i, align 4
  %call99 = call i32 (ptr, ...) @printf(ptr noundef @.str.21, i32 noundef %101)
  br label %if.end100

if.end100:                                        ; preds = %if.then98, %for.body93
  br label %for.inc101

for.inc101:                                       ; preds = %if.end100
  %102 = load i32, ptr %i, align 4
  %inc102 = add nsw i32 %102, 1
  store i32 %inc102, ptr %i, align 4
  br label %for.cond90, !llvm.loop !13

for.end103:                                       ; preds = %for.cond90
  %103 = load i32, ptr @crc32_context, align 4
  %conv104 = zext i32 %103 to i64
  %xor = xor i64 %conv104, 4294967295
  %conv105 = trunc i64 %xor to i32
  %104 = load i32, ptr %print_hash_value, align 4
  call void @platform_main_end(i32 noundef %conv105, i32 noundef %104)
  ret i32 0
}

; Function Attrs: nounwind willreturn memory(read)
declare i32 @strcmp(ptr noundef, ptr noundef) #1

; Function Attrs: noinline nounwind uwtable
define internal void @platform_main_begin() #0 {
entry:
  ret void
}

; Function Attrs: noinline nounwind uwtable
define internal void @crc32_gentab() #0 {
entry:
  %crc = alloca i32, align 4
  %poly = alloca i32, align 4
  %i = alloca i32, align 4
  %j = alloca i32, align 4
  store i32 -306674912, ptr %poly, align 4
  store i32 0, ptr %i, align 4
  br label %for.cond

for.cond:                                         ; preds = %for.inc5, %entry
  %0 = load i32, ptr %i, align 4
  %cmp = icmp slt i32 %0, 256
  br i1 %cmp, label %for.body, label %for.end6

for.body:                                         ; preds = %for.cond
  %1 = load i32, ptr %i, align 4
  store i32 %1, ptr %crc, align 4
  store i32 8, ptr %j, align 4
  br label %for.cond1

for.cond1:                                        ; preds = %for.inc, %for.body
  %2 = load i32, ptr %j, align 4
  %cmp2 = icmp sgt i32 %2, 0
  br i1 %cmp2, label %for.body3, label %for.end

for.body3:                                        ; preds = %for.cond1
  %3 = load i32, ptr %crc, align 4
  %and = and i32 %3, 1
  %tobool = icmp ne i32 %and, 0
  br i1 %tobool, label %if.then, label %if.else

if.then:                                          ; preds = %for.body3
  %4 = load i32, ptr %crc, align 4
  %shr = lshr i32 %4, 1
  %xor = xor i32 %shr, -306674912
  store i32 %xor, ptr %crc, align 4
  br label %if.end

if.else:                                          ; preds = %for.body3
  %5 = load i32, ptr %crc, align 4
  %shr4 = lshr i32 %5, 1
  store i32 %shr4, ptr %crc, align 4
  br label %if.end

if.end:                                           ; preds = %if.else, %if.then
  br label %for.inc

for.inc:                                          ; preds = %if.end
  %6 = load i32, ptr %j, align 4
  %dec = add nsw i32 %6, -1
  store i32 %dec, ptr %j, align 4
  br label %for.cond1, !llvm.loop !14

for.end:                                          ; preds = %for.cond1
  %7 = load i32, ptr %crc, align 4
  %8 = load i32, ptr %i, align 4
  %idxprom = sext i32 %8 to i64
  %arrayidx = getelementptr inbounds [256 x i32], ptr @crc32_tab, i64 0, i64 %idxprom
  store i32 %7, ptr %arrayidx, align 4
  br label %for.inc5

for.inc5:                                         ; preds = %for.end
  %9 = load i32, ptr %i, align 4
  %inc = add nsw i32 %9, 1
  store i32 %inc, ptr %i, align 4
  br label %for.cond, !llvm.loop !15

for.end6:                                         ; preds = %for.cond
  ret void
}

; Function Attrs: noinline nounwind uwtable
define internal zeroext i8 @func_1() #0 {
entry:
  %l_2 = alloca i8, align 1
  %l_7 = alloca [3 x i32], align 4
  %l_1293 = alloca i32, align 4
  %l_1747 = alloca ptr, align 8
  %l_1749 = alloca i32, align 4
  %l_1767 = alloca i16, align 2
  %i = alloca i32, align 4
  %l_9 = alloca ptr, align 8
  %l_19 = alloca ptr, align 8
  %l_1643 = alloca i32, align 4
  %l_1644 = alloca i32, align 4
  %l_1645 = alloca [2 x [10 x [10 x i32]]], align 16
  %l_1646 = alloca [10 x [9 x [2 x i32]]], align 16
  %l_1647 = alloca i64, align 8
  %l_1654 = alloca i32, align 4
  %l_1662 = alloca i32, align 4
  %l_1667 = alloca ptr, align 8
  %l_1670 = alloca [6 x ptr], align 16
  %l_1692 = alloca ptr, align 8
  %l_1691 = alloca ptr, align 8
  %l_1707 = alloca i8, align 1
  %l_1733 = alloca ptr, align 8
  %l_1734 = alloca i32, align 4
  %l_1750 = alloca i16, align 2
  %l_1779 = alloca i8, align 1
  %i6 = alloca i32, align 4
  %j = alloca i32, align 4
  %k = alloca i32, align 4
  store i8 -6, ptr %l_2, align 1
  store i32 1, ptr %l_1293, align 4
  store ptr @g_588, ptr %l_1747, align 8
  store i32 -5, ptr %l_1749, align 4
  store i16 1, ptr %l_1767, align 2
  store i32 0, ptr %i, align 4
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i32, ptr %i, align 4
  %cmp = icmp slt i32 %0, 3
  br i1 %cmp, label %for.body, label %for.end

for.body:                                         ; preds = %for.cond
  %1 = load i32, ptr %i, align 4
  %idxprom = sext i32 %1 to i64
  %arrayidx = getelementptr inbounds [3 x i32], ptr %l_7, i64 0, i64 %idxprom
  store i32 1, ptr %arrayidx, align 4
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %2 = load i32, ptr %i, align 4
  %inc = add nsw i32 %2, 1
  store i32 %inc, ptr %i, align 4
  br label %for.cond, !llvm.loop !16

for.end:                                          ; preds = %for.cond
  %3 = load i8, ptr %l_2, align 1
  %inc1 = add i8 %3, 1
  store i8 %inc1, ptr %l_2, align 1
  store i8 27, ptr %l_2, align 1
  br label %for.cond2

for.cond2:                                        ; preds = %for.inc25, %for.end
  %4 = load i8, ptr %l_2, align 1
  %conv = zext i8 %4 to i32
  %cmp3 = icmp ne i32 %conv, 33
  br i1 %cmp3, label %for.body5, label %for.end27

for.body5:                                        ; preds = %for.cond2
  store ptr @g_8, ptr %l_9, align 8
  store ptr @g_20, ptr %l_19, align 8
  store i32 -1, ptr %l_1643, align 4
  store i32 0, ptr %l_1644, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr align 16 %l_1645, ptr align 16 @__const.func_1.l_1645, i64 800, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr align 16 %l_1646, ptr align 16 @__const.func_1.l_1646, i64 720, i1 false)
  store i64 3654826642624905533, ptr %l_1647, align 8
  store i32 0, ptr %l_1654, align 4
  store i32 1713742918, ptr %l_1662, align 4
  store ptr @g_1385, ptr %l_1667, align 8
  store ptr null, ptr %l_1692, align 8
  store ptr %l_1692, ptr %l_1691, align 8
  store i8 -1, ptr %l_1707, align 1
  store ptr @g_38, ptr %l_1733, align 8
  store i32 1049982517, ptr %l_1734, align 4
  store i16 17391, ptr %l_1750, align 2
  store i8 1, ptr %l_1779, align 1
  store i32 0, ptr %i6, align 4
  br label %for.cond7

for.cond7:                                        ; preds = %for.inc13, %for.body5
  %5 = load i32, ptr %i6, align 4
  %cmp8 = icmp slt i32 %5, 6
  br i1 %cmp8, label %for.body10, label %for.end15

for.body10:                                       ; preds = %for.cond7
  %6 = load i32, ptr %i6, align 4
  %idxprom11 = sext i32 %6 to i64
  %arrayidx12 = getelementptr inbounds [6 x ptr], ptr %l_1670, i64 0, i64 %idxprom11
  store ptr @g_1385, ptr %arrayidx12, align 8
  br label %for.inc13

for.inc13:                                        ; preds = %for.body10
  %7 = load i32, ptr %i6, align 4
  %inc14 = add nsw i32 %7, 1
  store i32 %inc14, ptr %i6, align 4
  br label %for.cond7, !llvm.loop !17

for.end15:                                        ; preds = %for.cond7
  store i32 0, ptr @g_8, align 4
  br label %for.cond16

for.cond16:                                       ; preds = %for.inc22, %for.end15
  %8 = load i32, ptr @g_8, align 4
  %cmp17 = icmp slt i32 %8, 3
  br i1 %cmp17, label %for.body19, label %for.end23

for.body19:                                       ; preds = %for.cond16
  %9 = load i32, ptr @g_8, align 4
  %idxprom20 = sext i32 %9 to i64
  %arrayidx21 = getelementptr inbounds [3 x i32], ptr %l_7, i64 0, i64 %idxprom20
  store i32 -3, ptr %arrayidx21, align 4
  br label %for.inc22

for.inc22:                                        ; preds = %for.body19
  %10 = load i32, ptr @g_8, align 4
  %add = add nsw i32 %10, 1
  store i32 %add, ptr @g_8, align 4
  br label %for.cond16, !llvm.loop !18

for.end23:                                        ; preds = %for.cond16
  %11 = load i32, ptr @g_8, align 4
  %12 = load i8, ptr %l_2, align 1
  %conv24 = zext i8 %12 to i32
  %or = or i32 %11, %conv24
  %13 = load ptr, ptr %l_9, align 8
  store i32 %or, ptr %13, align 4
  br label %for.inc25

for.inc25:                                        ; preds = %for.end23
  %14 = load i8, ptr %l_2, align 1
  %inc26 = add i8 %14, 1
  store i8 %inc26, ptr %l_2, align 1
  br label %for.cond2, !llvm.loop !19

for.end27:                                        ; preds = %for.cond2
  %15 = load i32, ptr %l_1749, align 4
  %conv28 = trunc i32 %15 to i8
  ret i8 %conv28
}

; Function Attrs: noinline nounwind uwtable
define internal void @transparent_crc(i64 noundef %val, ptr noundef %vname, i32 noundef %flag) #0 {
entry:
  %val.addr = alloca i64, align 8
  %vname.addr = alloca ptr, align 8
  %flag.addr = alloca i32, align 4
  store i64 %val, ptr %val.addr, align 8
  store ptr %vname, ptr %vname.addr, align 8
  store i32 %flag, ptr %flag.addr, align 4
  %0 = load i64, ptr %val.addr, align 8
  call void @crc32_8bytes(i64 noundef %0)
  %1 = load i32, ptr %flag.addr, align 4
  %tobool = icmp ne i32 %1, 0
  br i1 %tobool, label %if.then, label %if.end

if.then:                                          ; preds = %entry
  %2 = load ptr, ptr %vname.addr, align 8
  %3 = load i32, ptr @crc32_context, align 4
  %conv = zext i32 %3 to i64
  %xor = xor i64 %conv, 4294967295
  %call = call i32 (ptr, ...) @printf(ptr noundef @.str.37, ptr noundef %2, i64 noundef %xor)
  br label %if.end

if.end:                                           ; preds = %if.then, %entry
  ret void
}

declare i32 @printf(ptr noundef, ...) #2

; Function Attrs: noinline nounwind uwtable
define internal void @platform_main_end(i32 noundef %crc, i32 noundef %flag) #0 {
entry:
  %crc.addr = alloca i32, align 4
  %flag.addr = alloca i32, align 4
  store i32 %crc, ptr %crc.addr, align 4
  store i32 %flag, ptr %flag.addr, align 4
  %0 = load i32, ptr %crc.addr, align 4
  %call = call i32 (ptr, ...) @printf(ptr noundef @.str.38, i32 noundef %0)
  ret void
}

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg) #3

; Function Attrs: noinline nounwind uwtable
define internal void @crc32_8bytes(i64 noundef %val) #0 {
entry:
  %val.addr = alloca i64, align 8
  store i64 %val, ptr %val.addr, align 8
  %0 = load i64, ptr %val.addr, align 8
  %shr = lshr i64 %0, 0
  %and = and i64 %shr, 255
  %conv = trunc i64 %and to i8
  call void @crc32_byte(i8 noundef zeroext %conv)
  %1 = load i64, ptr %val.addr, align 8
  %shr1 = lshr i64 %1, 8
  %and2 = and i64 %shr1, 255
  %conv3 = trunc i64 %and2 to i8
  call void @crc32_byte(i8 noundef zeroext %conv3)
  %2 = load i64, ptr %val.addr, align 8
  %shr4 = lshr i64 %2, 16
  %and5 = and i64 %shr4, 255
  %conv6 = trunc i64 %and5 to i8
  call void @crc32_byte(i8 noundef zeroext %conv6)
  %3 = load i64, ptr %val.addr, align 8
  %shr7 = lshr i64 %3, 24
  %and8 = and i64 %shr7, 255
  %conv9 = trunc i64 %and8 to i8
  call void @crc32_byte(i8 noundef zeroext %conv9)
  %4 = load i64, ptr %val.addr, align 8
  %shr10 = lshr i64 %4, 32
  %and11 = and i64 %shr10, 255
  %conv12 = trunc i64 %and11 to i8
  call void @crc32_byte(i8 noundef zeroext %conv12)
  %5 = load i64, ptr %val.addr, align 8
  %shr13 = lshr i64 %5, 40
  %and14 = and i64 %shr13, 255
  %conv15 = trunc i64 %and14 to i8
  call void @crc32_byte(i8 noundef zeroext %conv15)
  %6 = load i64, ptr %val.addr, align 8
  %shr16 = lshr i64 %6, 48
  %and17 = and i64 %shr16, 255
  %conv18 = trunc i64 %and17 to i8
  call void @crc32_byte(i8 noundef zeroext %conv18)
  %7 = load i64, ptr %val.addr, align 8
  %shr19 = lshr i64 %7, 56
  %and20 = and i64 %shr19, 255
  %conv21 = trunc i64 %and20 to i8
  call void @crc32_byte(i8 noundef zeroext %conv21)
  ret void
}

; Function Attrs: noinline nounwind uwtable
define internal void @crc32_byte(i8 noundef zeroext %b) #0 {
entry:
  %b.addr = alloca i8, align 1
  store i8 %b, ptr %b.addr, align 1
  %0 = load i32, ptr @crc32_context, align 4
  %shr = lshr i32 %0, 8
  %and = and i32 %shr, 16777215
  %1 = load i32, ptr @crc32_context, align 4
  %2 = load i8, ptr %b.addr, align 1
  %conv = zext i8 %2 to i32
  %xor = xor i32 %1, %conv
  %and1 = and i32 %xor, 255
  %idxprom = zext i32 %and1 to i64
  %arrayidx = getelementptr inbounds [256 x i32], ptr @crc32_tab, i64 0, i64 %idxprom
  %3 = load i32, ptr %arrayidx, align 4
  %xor2 = xor i32 %and, %3
  store i32 %xor2, ptr @crc32_context, align 4
  ret void
}

attributes #0 = { noinline nounwind uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nounwind willreturn memory(read) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #4 = { nounwind willreturn memory(read) }

!llvm.module.flags = !{!0, !1, !2, !3, !4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{i32 7, !"frame-pointer", i32 2}
!6 = distinct !{!6, !7}
!7 = !{!"llvm.loop.mustprogress"}
!8 = distinct !{!8, !7}
!9 = distinct !{!9, !7}
!10 = distinct !{!10, !7}
!11 = distinct !{!11, !7}
!12 = distinct !{!12, !7}
!13 = distinct !{!13, !7}
!14 = distinct !{!14, !7}
!15 = distinct !{!15, !7}
!16 = distinct !{!16, !7}
!17 = distinct !{!17, !7}
!18 = distinct !{!18, !7}
!19 = distinct !{!19, !7}
